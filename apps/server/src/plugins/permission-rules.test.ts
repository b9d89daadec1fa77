import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES, DEFAULT_ROLE_CAPABILITIES, type Capability, type Role } from '@steward/contract/access';
import { insertFeedback } from '../test/conversation-factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { NOT_ALLOWED } from './access.ts';

// Spec section 6 through the API, where a capability and a role say different things: capability
// rules follow the role's capabilities (role_capabilities, which an operator may change), and the
// rules the spec gives "admin by role" follow the role alone. The dashboard uses the same rules.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());
afterEach(async () => {
  for (const role of ['admin', 'viewer'] as const) await giveRole(role, DEFAULT_ROLE_CAPABILITIES[role]);
});

async function giveRole(role: Role, capabilities: readonly Capability[]): Promise<void> {
  await testApp.db.execute(sql`DELETE FROM role_capabilities WHERE role = ${role}`);
  for (const capability of capabilities) {
    await testApp.db.execute(sql`INSERT INTO role_capabilities (role, capability) VALUES (${role}, ${capability})`);
  }
}

const newEmail = () => `invitee-${Math.random().toString(36).slice(2)}@example.com`;

describe('add user: the call needs create_user (the "+ Add new user" link is admin by role)', () => {
  it('lets a viewer whose role holds create_user invite, and refuses an admin whose role lost it', async () => {
    await giveRole('viewer', [...DEFAULT_ROLE_CAPABILITIES.viewer, 'create_user']);
    await giveRole('admin', DEFAULT_ROLE_CAPABILITIES.admin.filter((capability) => capability !== 'create_user'));
    const { client: viewer } = await testApp.signedInClient('viewer');
    const { client: admin } = await testApp.signedInClient('admin');

    // A viewer gets where the invitation went, not the register link (that is for administrators).
    expect((await viewer.post('/api/add-user', { name: 'Ivy', email: newEmail(), role: 'viewer' })).body).toEqual({
      success: true,
      data: { rows: [{ delivery: 'outbox', outbox_folder: expect.any(String) as unknown }] },
    });
    const refused = await admin.post('/api/add-user', { name: 'Ivy', email: newEmail(), role: 'viewer' });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(NOT_ALLOWED);
  });
});

describe('deleting Inform the Bot information: admin by role', () => {
  it('refuses a viewer holding every capability, and lets an admin holding none delete', async () => {
    await giveRole('viewer', CAPABILITIES);
    await giveRole('admin', []);
    const { client: viewer } = await testApp.signedInClient('viewer');
    const { client: admin } = await testApp.signedInClient('admin');
    const added = await viewer.post('/api/inform-the-bot', { content: 'We ship to Canada.' });
    const id = (added.body.data?.rows[0] as { id: number } | undefined)?.id;

    const refused = await viewer.post(`/api/inform-the-bot/delete/${id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(NOT_ALLOWED);
    expect((await admin.post(`/api/inform-the-bot/delete/${id}`)).body).toEqual({ success: true });
  });
});

describe('feedback correction: create_inform_the_bot (the shortcut to it is admin by role)', () => {
  it('lets a viewer holding the capability save a correction, and refuses an admin whose role lost it', async () => {
    await giveRole('admin', DEFAULT_ROLE_CAPABILITIES.admin.filter((capability) => capability !== 'create_inform_the_bot'));
    const feedback = await insertFeedback(testApp.db, { rating: 'down' });
    const { client: viewer } = await testApp.signedInClient('viewer');
    const { client: admin } = await testApp.signedInClient('admin');

    expect((await viewer.post(`/api/feedback/${feedback.id}/correction`, { content: 'Two years.' })).status).toBe(200);
    const refused = await admin.post(`/api/feedback/${feedback.id}/correction`, { content: 'Two years.' });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(NOT_ALLOWED);
  });
});
