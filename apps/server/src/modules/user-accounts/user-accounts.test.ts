import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMINISTRATOR, OTHER_ACCOUNT_NOT_ALLOWED, USER_LIST_SORT_MESSAGE } from '@steward/contract/user-accounts';
import { countLiveSessions } from '../auth/sessions.repository.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/users/{pageIndex}', () => {
  it('answers 20 accounts a page by name, with the total count and no password hashes', async () => {
    const { client } = await testApp.signedInClient('viewer', { name: 'Aaron First' });
    for (let index = 0; index < 22; index += 1) await testApp.createUser({ name: `Zed ${String(index).padStart(2, '0')}`, role: 'viewer' });
    const first = await client.get('/api/users/0');
    expect(first.status).toBe(200);
    const rows = first.body.data?.rows ?? [];
    expect(rows).toHaveLength(20);
    expect(rows[0]).toMatchObject({ name: 'Aaron First', role: 'viewer' });
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['email', 'id', 'name', 'role', 'total_count']);
    expect(rows[0]?.total_count).toBe(23);
    const second = await client.get('/api/users/1');
    expect(second.body.data?.rows).toHaveLength(3);
    expect(second.body.data?.rows.at(-1)).toMatchObject({ name: 'Zed 21' });
  });

  it('orders by email or role, either way, when asked (?sort=&order=), and refuses any other order', async () => {
    const { client } = await testApp.signedInClient('admin', { name: 'Sorter', email: 'aaaa-sorter@example.com' });
    const emails = async (query: string) =>
      ((await client.get(`/api/users/0${query}`)).body.data?.rows ?? []).map((row) => String(row.email));
    const ascending = await emails('?sort=email&order=asc');
    expect(ascending[0]).toBe('aaaa-sorter@example.com');
    expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
    const descending = await emails('?sort=email&order=desc');
    expect(descending).toEqual([...descending].sort((a, b) => b.localeCompare(a)));
    const firstRole = async (order: string) => (await client.get(`/api/users/0?sort=role&order=${order}`)).body.data?.rows[0]?.role;
    expect(await firstRole('asc')).toBe('admin');
    expect(await firstRole('desc')).toBe('viewer');
    for (const bad of ['?sort=password_hash', '?sort=name&order=sideways', '?sort=lower(name)']) {
      const refused = await client.get(`/api/users/0${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.error?.message).toBe(USER_LIST_SORT_MESSAGE);
    }
  });

  it('refuses a visitor, and a bad page index', async () => {
    expect((await testApp.client().get('/api/users/0')).status).toBe(401);
    const { client } = await testApp.signedInClient('admin');
    expect((await client.get('/api/users/-1')).status).toBe(400);
  });
});

describe('GET /api/user/{id}', () => {
  it('answers one account', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const answer = await client.get(`/api/user/${user.id}`);
    expect(answer.body).toEqual({ success: true, data: { rows: [{ id: user.id, name: user.name, email: user.email, role: 'viewer' }] } });
  });

  it("refuses another user's id to someone without read_user_accounts", async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const other = await testApp.createUser();
    await testApp.db.execute(sql`DELETE FROM role_capabilities WHERE role = 'viewer' AND capability = 'read_user_accounts'`);
    try {
      const answer = await client.get(`/api/user/${other.id}`);
      expect(answer.status).toBe(403);
      expect(answer.body.error?.message).toBe(OTHER_ACCOUNT_NOT_ALLOWED);
      expect((await client.get(`/api/user/${user.id}`)).status).toBe(200);
    } finally {
      await testApp.db.execute(sql`INSERT INTO role_capabilities (role, capability) VALUES ('viewer', 'read_user_accounts')`);
    }
  });

  it('answers 404 for an unknown id', async () => {
    const { client } = await testApp.signedInClient('admin');
    expect((await client.get('/api/user/999999')).status).toBe(404);
  });
});

describe('POST /api/user/{id}/delete', () => {
  it('deletes the account and ends its sessions at once', async () => {
    const { client } = await testApp.signedInClient('admin');
    const { client: victimClient, user: victim } = await testApp.signedInClient('viewer');
    const answer = await client.post(`/api/user/${victim.id}/delete`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(await countLiveSessions(testApp.db, victim.id)).toBe(0);
    expect((await victimClient.get('/api/authenticate-user')).status).toBe(401);
    expect((await client.get(`/api/user/${victim.id}`)).status).toBe(404);
  });

  it('refuses a viewer (no delete_user) with a 403', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const other = await testApp.createUser({ role: 'viewer' });
    expect((await client.post(`/api/user/${other.id}/delete`)).status).toBe(403);
    expect((await client.get(`/api/user/${other.id}`)).status).toBe(200);
  });

  it('never deletes the last administrator (409)', async () => {
    await testApp.db.execute(sql`DELETE FROM users WHERE role = 'admin'`);
    const { client, user: onlyAdmin } = await testApp.signedInClient('admin');
    const answer = await client.post(`/api/user/${onlyAdmin.id}/delete`);
    expect(answer.status).toBe(409);
    expect(answer.body.error?.message).toBe(LAST_ADMINISTRATOR);
    // With a second administrator, the first may go.
    await testApp.createUser({ role: 'admin' });
    expect((await client.post(`/api/user/${onlyAdmin.id}/delete`)).status).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    const { client } = await testApp.signedInClient('admin');
    expect((await client.post('/api/user/999999/delete')).status).toBe(404);
  });
});
