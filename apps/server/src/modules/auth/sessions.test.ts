import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEMBER_LIST_MESSAGES, MEMBER_LIST_PAGE_SIZE, MEMBER_SEARCH_MAX_LENGTH } from '@steward/contract/member-lists';
import { SESSION_MESSAGES, type SessionRow } from '@steward/contract/sessions';
import { buildApp } from '../../app.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { ApiClient } from '../../test/api-client.ts';
import { giveSecondFactor } from '../../test/second-factor-fixtures.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';
import type { UserRecord } from './users.repository.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ SESSION_PLACE_HEADER: 'X-Test-City' });
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM rate_limits`);
  await testApp.db.execute(sql`DELETE FROM login_throttles`);
});

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A second browser of the member, signed in with its own User-Agent (and place header, which the proxy would write). */
async function anotherBrowser(user: UserRecord, headers: Record<string, string> = {}): Promise<ApiClient> {
  const client = new ApiClient(testApp.baseUrl, headers);
  const answer = await client.post('/api/login', { email: user.email, password: TEST_PASSWORD });
  expect(answer.status).toBe(200);
  return client;
}

const sessionsOf = async (client: ApiClient, userId: number) => {
  const answer = await client.get<{ success: true; data: { rows: SessionRow[] } }>(`/api/user/${userId}/sessions`);
  expect(answer.status).toBe(200);
  return answer.body.data.rows;
};

const auditOf = (userId: number) =>
  sqlRows<{ action: string; actor_id: number | null; details: Record<string, unknown> }>(
    testApp.db,
    sql`SELECT action, actor_id, details FROM audit_log WHERE object_type = 'user' AND object_id = ${userId} AND action IN ('session_ended', 'sessions_ended') ORDER BY id`,
  );

describe('GET /api/user/{id}/sessions', () => {
  it("lists the caller's live sessions only: browser, system, address, place, times, how, and this one marked", async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    await anotherBrowser(user, { 'user-agent': FIREFOX_ON_WINDOWS, 'x-test-city': 'Lyon, FR' });
    const stranger = await testApp.signedInClient('admin');
    const rows = await sessionsOf(client, user.id);
    expect(rows).toHaveLength(2);
    const [firefox, current] = [rows.find((row) => !row.current), rows.find((row) => row.current)];
    expect(firefox).toMatchObject({ browser: 'Firefox 133', os: 'Windows 10', ip: '127.0.0.1', place: 'Lyon, FR', sign_in_method: 'password', current: false });
    expect(current).toMatchObject({ ip: '127.0.0.1', place: '', sign_in_method: 'password', current: true });
    expect(Date.parse(firefox?.signed_in_at ?? '')).toBeGreaterThan(0);
    expect(firefox?.last_seen_at).toBe(firefox?.signed_in_at);
    // The stranger's session is not in the list.
    const ids = new Set(rows.map((row) => row.id));
    const strangerRows = await sessionsOf(stranger.client, stranger.user.id);
    expect(strangerRows.some((row) => ids.has(row.id))).toBe(false);
  });

  it("refuses another member's list (403), an administrator's asking too", async () => {
    const { user } = await testApp.signedInClient('viewer');
    const admin = await testApp.signedInClient('admin');
    const answer = await admin.client.get(`/api/user/${user.id}/sessions`);
    expect(answer.status).toBe(403);
    expect(answer.body.error?.message).toBe(SESSION_MESSAGES.ownOnly);
    expect((await testApp.client().get(`/api/user/${user.id}/sessions`)).status).toBe(401);
  });

  it('writes last seen at most once a minute per session, not per request', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    await testApp.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '30 seconds' WHERE user_id = ${user.id}`);
    const before = (await sessionsOf(client, user.id))[0]?.last_seen_at;
    expect((await sessionsOf(client, user.id))[0]?.last_seen_at).toBe(before);
    await testApp.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE user_id = ${user.id}`);
    await client.get('/api/authenticate-user');
    const after = (await sessionsOf(client, user.id))[0]?.last_seen_at ?? '';
    expect(Date.now() - Date.parse(after)).toBeLessThan(60_000);
  });
});

describe('POST /api/user/{id}/sessions/{sessionId}/end', () => {
  it("ends one of the caller's sessions: its cookie fails at the next call, the caller's goes on; audited", async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const laptop = await anotherBrowser(user, { 'user-agent': SAFARI_ON_IPHONE });
    const other = (await sessionsOf(client, user.id)).find((row) => !row.current);
    expect(other?.browser).toBe('Mobile Safari 17');
    const answer = await client.post(`/api/user/${user.id}/sessions/${other?.id}/end`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect((await laptop.get('/api/authenticate-user')).status).toBe(401);
    expect((await client.get('/api/authenticate-user')).status).toBe(200);
    expect((await sessionsOf(client, user.id)).map((row) => row.current)).toEqual([true]);
    expect(await auditOf(user.id)).toEqual([{ action: 'session_ended', actor_id: user.id, details: { by: 'self', session: other?.id, current: false } }]);
    // Ended already: a 404 with the message, nothing more ended.
    const again = await client.post(`/api/user/${user.id}/sessions/${other?.id}/end`);
    expect(again.status).toBe(404);
    expect(again.body.error?.message).toBe(SESSION_MESSAGES.notFound);
  });

  it('ends this session too when asked, clearing its cookie (a sign-out)', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const current = (await sessionsOf(client, user.id))[0];
    const answer = await client.post(`/api/user/${user.id}/sessions/${current?.id}/end`);
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().some((line) => line.startsWith('steward_session=;'))).toBe(true);
    expect((await client.get('/api/authenticate-user')).status).toBe(401);
  });

  it("cannot end another member's session by its id (404 under one's own account, 403 under theirs)", async () => {
    const victim = await testApp.signedInClient('admin');
    const victimSession = (await sessionsOf(victim.client, victim.user.id))[0];
    const { client, user } = await testApp.signedInClient('admin');
    const underOwn = await client.post(`/api/user/${user.id}/sessions/${victimSession?.id}/end`);
    expect(underOwn.status).toBe(404);
    const underTheirs = await client.post(`/api/user/${victim.user.id}/sessions/${victimSession?.id}/end`);
    expect(underTheirs.status).toBe(403);
    expect((await victim.client.get('/api/authenticate-user')).status).toBe(200);
    expect(await auditOf(victim.user.id)).toEqual([]);
  });
});

describe('ending all of a member\'s sessions', () => {
  it('an administrator ends every session of a member (End all sessions), audited with how many', async () => {
    const member = await testApp.signedInClient('viewer');
    const laptop = await anotherBrowser(member.user);
    const admin = await testApp.signedInClient('admin');
    const listed = await admin.client.get<{ success: true; data: { rows: { id: number; sessions: number }[] } }>(`/api/staff-sessions?search=${encodeURIComponent(member.user.email)}`);
    expect(listed.body.data.rows.find((row) => row.id === member.user.id)?.sessions).toBe(2);
    const answer = await admin.client.post(`/api/user/${member.user.id}/sessions/end-all`);
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows).toEqual([{ ended: 2 }]);
    expect((await member.client.get('/api/authenticate-user')).status).toBe(401);
    expect((await laptop.get('/api/authenticate-user')).status).toBe(401);
    expect((await admin.client.get('/api/authenticate-user')).status).toBe(200);
    expect(await auditOf(member.user.id)).toEqual([{ action: 'sessions_ended', actor_id: admin.user.id, details: { reason: 'administrator', ended: 2 } }]);
    const after = await admin.client.get<{ success: true; data: { rows: { id: number }[] } }>(`/api/staff-sessions?search=${encodeURIComponent(member.user.email)}`);
    expect(after.body.data.rows.some((row) => row.id === member.user.id)).toBe(false);
  });

  it('keeps the administrator signed in here when they end their own', async () => {
    const admin = await testApp.signedInClient('admin');
    const laptop = await anotherBrowser(admin.user);
    const answer = await admin.client.post(`/api/user/${admin.user.id}/sessions/end-all`);
    expect(answer.body.data?.rows).toEqual([{ ended: 1 }]);
    expect((await laptop.get('/api/authenticate-user')).status).toBe(401);
    expect((await admin.client.get('/api/authenticate-user')).status).toBe(200);
  });

  it('is refused to those who may not delete accounts, and 404 for nobody', async () => {
    const member = await testApp.signedInClient('viewer');
    const otherViewer = await testApp.signedInClient('viewer');
    expect((await otherViewer.client.post(`/api/user/${member.user.id}/sessions/end-all`)).status).toBe(403);
    expect((await otherViewer.client.get('/api/staff-sessions')).status).toBe(403);
    expect((await member.client.get('/api/authenticate-user')).status).toBe(200);
    const admin = await testApp.signedInClient('admin');
    expect((await admin.client.post('/api/user/999999/sessions/end-all')).status).toBe(404);
  });

  it("a password change ends the member's other sessions but not the current one, which keeps how it signed in", async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const laptop = await anotherBrowser(user);
    const answer = await client.post(`/api/user/${user.id}/change-password`, { oldPassword: TEST_PASSWORD, newPassword: 'Brand-New-Pass-5' });
    expect(answer.status).toBe(200);
    expect((await laptop.get('/api/authenticate-user')).status).toBe(401);
    expect((await client.get('/api/authenticate-user')).status).toBe(200);
    const rows = await sessionsOf(client, user.id);
    expect(rows.map((row) => [row.current, row.sign_in_method])).toEqual([[true, 'password']]);
    expect(await auditOf(user.id)).toEqual([{ action: 'sessions_ended', actor_id: user.id, details: { reason: 'password_changed', ended: 1 } }]);
  });

  it("a second factor's reset ends the member's sessions", async () => {
    const member = await testApp.signedInClient('viewer');
    await giveSecondFactor(testApp, member.user.id, true);
    const admin = await testApp.signedInClient('admin');
    expect((await admin.client.post(`/api/user/${member.user.id}/second-factor/reset`)).status).toBe(200);
    expect((await member.client.get('/api/authenticate-user')).status).toBe(401);
    expect(await auditOf(member.user.id)).toEqual([{ action: 'sessions_ended', actor_id: admin.user.id, details: { reason: 'second_factor_reset', ended: 1 } }]);
  });

  it('a deleted account ends its sessions, counted in the entry', async () => {
    const member = await testApp.signedInClient('viewer');
    const admin = await testApp.signedInClient('admin');
    expect((await admin.client.post(`/api/user/${member.user.id}/delete`)).status).toBe(200);
    expect((await member.client.get('/api/authenticate-user')).status).toBe(401);
    expect(await auditOf(member.user.id)).toEqual([{ action: 'sessions_ended', actor_id: admin.user.id, details: { reason: 'user_deleted', ended: 1 } }]);
  });

  it('holds at once on a second instance on the same database', async () => {
    const member = await testApp.signedInClient('viewer');
    const second = await buildApp({ config: testApp.config, database: testApp.database });
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const address = second.app.server.address();
      const onSecond = new ApiClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      onSecond.setCookie('steward_session', member.client.sessionCookie ?? '');
      expect((await onSecond.get('/api/authenticate-user')).status).toBe(200);
      // Ended through the first instance, refused by the second at its next call.
      const laptop = await anotherBrowser(member.user);
      const onSecondLaptop = new ApiClient(onSecond.baseUrl);
      onSecondLaptop.setCookie('steward_session', laptop.sessionCookie ?? '');
      expect((await onSecondLaptop.get('/api/authenticate-user')).status).toBe(200);
      expect((await member.client.post(`/api/user/${member.user.id}/sessions/${(await sessionsOf(member.client, member.user.id)).find((row) => !row.current)?.id}/end`)).status).toBe(200);
      expect((await onSecondLaptop.get('/api/authenticate-user')).status).toBe(401);
      expect((await onSecond.get('/api/authenticate-user')).status).toBe(200);
      // And an administrator's End all sessions on the second instance ends the session the first one serves.
      const admin = await testApp.signedInClient('admin');
      const adminOnSecond = new ApiClient(onSecond.baseUrl);
      adminOnSecond.setCookie('steward_session', admin.client.sessionCookie ?? '');
      expect((await adminOnSecond.post(`/api/user/${member.user.id}/sessions/end-all`)).status).toBe(200);
      expect((await member.client.get('/api/authenticate-user')).status).toBe(401);
      expect((await onSecond.get('/api/authenticate-user')).status).toBe(401);
    } finally {
      await second.app.close();
    }
  });
});

describe("Sign-in security's member lists: ten a page, found by a part of the name or address", () => {
  type Listed = { success: true; data: { rows: { id: number; name: string }[]; total_count: number } };

  it('pages the signed-in staff and finds them in any case, taking % and _ as plain characters', async () => {
    const team = `Paging ${Date.now()}`;
    const members = [];
    for (let index = 0; index < MEMBER_LIST_PAGE_SIZE + 2; index += 1) members.push((await testApp.signedInClient('viewer', { name: `${team} ${index}` })).user);
    const { client: admin } = await testApp.signedInClient('admin');

    const first = await admin.get<Listed>(`/api/staff-sessions?search=${encodeURIComponent(team.toUpperCase())}`);
    expect(first.status).toBe(200);
    expect(first.body.data.rows).toHaveLength(MEMBER_LIST_PAGE_SIZE);
    expect(first.body.data.total_count).toBe(MEMBER_LIST_PAGE_SIZE + 2);
    const second = await admin.get<Listed>(`/api/staff-sessions?search=${encodeURIComponent(team)}&page=1`);
    expect(second.body.data.rows).toHaveLength(2);
    // Most recently seen first, each member once across the pages.
    expect(new Set([...first.body.data.rows, ...second.body.data.rows].map((row) => row.id))).toEqual(new Set(members.map((member) => member.id)));
    const past = await admin.get<Listed>(`/api/staff-sessions?search=${encodeURIComponent(team)}&page=5`);
    expect(past.body.data).toEqual({ rows: [], total_count: MEMBER_LIST_PAGE_SIZE + 2 });
    const byAddress = await admin.get<Listed>(`/api/staff-sessions?search=${encodeURIComponent(members[3]?.email.toUpperCase() ?? '')}`);
    expect(byAddress.body.data.rows.map((row) => row.id)).toEqual([members[3]?.id]);

    const everyone = await admin.get<Listed>('/api/staff-sessions');
    expect(everyone.body.data.total_count).toBeGreaterThan(MEMBER_LIST_PAGE_SIZE + 2);
    expect((await admin.get<Listed>('/api/staff-sessions?search=%25')).body.data.total_count).toBe(0);
    expect((await admin.get<Listed>('/api/staff-sessions?search=_')).body.data.total_count).toBe(0);
  });

  it('refuses a search that is too long, a bad page and an unknown parameter, with the reason', async () => {
    const { client: admin } = await testApp.signedInClient('admin');
    for (const list of ['/api/staff-sessions', '/api/second-factors']) {
      const tooLong = await admin.get(`${list}?search=${'a'.repeat(MEMBER_SEARCH_MAX_LENGTH + 1)}`);
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error?.message).toBe(MEMBER_LIST_MESSAGES.searchTooLong);
      const badPage = await admin.get(`${list}?page=-1`);
      expect(badPage.status).toBe(400);
      expect(badPage.body.error?.message).toBe('The page index must be zero or more.');
      expect((await admin.get(`${list}?sort=name`)).status).toBe(400);
    }
  });
});
