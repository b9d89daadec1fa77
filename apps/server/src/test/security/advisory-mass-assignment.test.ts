import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import { createInvitation } from '../../modules/auth/invitations.repository.ts';
import { findUserByEmail, type UserRecord } from '../../modules/auth/users.repository.ts';
import type { ApiClient, ApiResponse } from '../api-client.ts';
import { botPost } from '../bot-test-support.ts';
import { insertFeedback, insertHistory } from '../conversation-factories.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-app.ts';
import { dbFingerprint } from './db-fingerprint.ts';
import { matrixFixtures, textUploadForm } from './matrix-fixtures.ts';

// Advisory class: mass assignment. A request that adds fields the call does not take (role, id,
// user_id, status, uploaded_by, …) is refused whole with a 400 naming them, and changes nothing;
// the same request without them is accepted. Where a nested object ignores extra fields, the
// forged values have no effect.

let testApp: TestApp;
let admin: ApiClient;
let adminUser: UserRecord;
let author: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  ({ client: admin, user: adminUser } = await testApp.signedInClient('admin'));
  ({ client: author } = await testApp.signedInClient('admin', { name: 'Other Author' }));
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM rate_limits`);
});

const FORGED = { role: 'admin', id: 1, user_id: 1, status: 'approved', uploaded_by: 'Someone Else', capabilities: ['create_user'] };
const fixtures = () => matrixFixtures(testApp, author, { id: adminUser.id, client: admin });
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

type Send = (extra: Record<string, unknown>) => Promise<ApiResponse>;

interface Case {
  name: string;
  /** Makes what the call needs, then answers the call with a valid body; `extra` goes into the object that takes the fields. */
  prepare(): Promise<Send>;
}

const CASES: Case[] = [
  { name: 'POST /api/login', prepare: async () => {
    const user = await testApp.createUser({ role: 'viewer' });
    return (extra) => testApp.client().post('/api/login', { email: user.email, password: TEST_PASSWORD, ...extra });
  } },
  { name: 'POST /api/register', prepare: async () => {
    const key = await createInvitation(testApp.db, { email: `reg-${unique()}@example.com`, name: 'R', role: 'viewer', createdBy: null });
    return (extra) => testApp.client().post('/api/register', { key, password: 'Fresh-Pass-123', ...extra });
  } },
  { name: 'POST /api/add-user', prepare: async () => {
    const email = `add-${unique()}@example.com`;
    return (extra) => admin.post('/api/add-user', { name: 'N', email, role: 'viewer', ...extra });
  } },
  { name: 'POST /api/user/change-theme', prepare: async () => (extra) => admin.post('/api/user/change-theme', { id: adminUser.id, theme: 'dark', ...extra }) },
  { name: 'POST /api/user/:id/change-password', prepare: async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    return (extra) => client.post(`/api/user/${user.id}/change-password`, { oldPassword: TEST_PASSWORD, newPassword: 'Fresh-Pass-123', ...extra });
  } },
  { name: 'POST /api/inform-the-bot', prepare: async () => {
    const content = `Fact ${unique()}`;
    return (extra) => admin.post('/api/inform-the-bot', { content, ...extra });
  } },
  { name: 'POST /api/inform-the-bot/edit/:id', prepare: async () => {
    const id = await fixtures().informTheBotId();
    return (extra) => admin.post(`/api/inform-the-bot/edit/${id}`, { content: 'Edited.', ...extra });
  } },
  { name: 'POST /api/inform-the-bot/approve/:id', prepare: async () => {
    const id = await fixtures().informTheBotId();
    return (extra) => admin.post(`/api/inform-the-bot/approve/${id}`, { ...extra });
  } },
  { name: 'POST /api/feedback/:id/correction', prepare: async () => {
    const id = await fixtures().feedbackId();
    return (extra) => admin.post(`/api/feedback/${id}/correction`, { content: 'Two years.', ...extra });
  } },
  { name: 'POST /api/bot-settings', prepare: async () => (extra) => admin.post('/api/bot-settings', { settings: { supportMessageThreshold: 4 }, ...extra }) },
  { name: 'POST /api/bot-settings (inside settings)', prepare: async () => (extra) => admin.post('/api/bot-settings', { settings: { supportMessageThreshold: 4, ...extra } }) },
  { name: 'POST /api/documents/:fileId/update', prepare: async () => {
    const document = await fixtures().document();
    return (extra) => admin.post(`/api/documents/${document.fileId}/update`, { title: 'Renamed', source_url: 'https://example.com/r', ...extra });
  } },
  { name: 'POST /api/register-files', prepare: async () => {
    const file = await fixtures().uploadedFile(admin);
    return (extra) => admin.post('/api/register-files', { filesData: [{ file_id: file.file_id, title: 'T', source_url: 'https://example.com/t', ...extra }] });
  } },
  { name: 'POST /api/bot/messages', prepare: async () => {
    const sessionId = `s-${unique()}`;
    return (extra) => botPost(testApp, '/api/bot/messages', { session_id: sessionId, user_message: 'Hi', api_response: 'Hello', ...extra });
  } },
  { name: 'POST /api/bot/feedback', prepare: async () => {
    const historyId = (await insertHistory(testApp.db)).id;
    return (extra) => botPost(testApp, '/api/bot/feedback', { history_id: historyId, rating: 'up', ...extra });
  } },
  { name: 'POST /api/bot/help-requests', prepare: async () => (extra) => botPost(testApp, '/api/bot/help-requests', { name: 'V', email: 'v@example.com', message: 'Help', ...extra }) },
  { name: 'POST /api/search', prepare: async () => (extra) => admin.post('/api/search', { search: 'hours', ...extra }) },
];

describe.each(CASES)('$name', (testCase) => {
  it('refuses forged role, id, user_id, status and uploaded_by fields whole, naming them, and changes nothing', async () => {
    const send = await testCase.prepare();
    const before = await dbFingerprint(testApp.db);
    const refused = await send(FORGED);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.success).toBe(false);
    expect(refused.body.error?.message).toMatch(/role|id|status|uploaded_by|capabilities|field|key|send/i);
    expect(await dbFingerprint(testApp.db)).toEqual(before);
  });

  it('accepts the same call without them', async () => {
    const accepted = await (await testCase.prepare())({});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });
});

describe('fields the server sets itself', () => {
  it('takes the role of a registration from the invitation, never from the request', async () => {
    const email = `viewer-${unique()}@example.com`;
    const key = await createInvitation(testApp.db, { email, name: 'V', role: 'viewer', createdBy: null });
    expect((await testApp.client().post('/api/register', { key, password: 'Fresh-Pass-123', role: 'admin' })).status).toBe(400);
    expect(await findUserByEmail(testApp.db, email)).toBeUndefined();
    expect((await testApp.client().post('/api/register', { key, password: 'Fresh-Pass-123' })).status).toBe(200);
    expect((await findUserByEmail(testApp.db, email))?.role).toBe('viewer');
  });

  it('records the uploader of a file as the signed-in user, whatever the form says', async () => {
    const form = textUploadForm(`forged-${unique()}.txt`);
    form.append('uploaded_by', 'Someone Else');
    form.append('user_id', '1');
    form.append('status', 'completed');
    const uploaded = await admin.postForm('/api/upload-files', form);
    expect([200, 400]).toContain(uploaded.status);
    if (uploaded.status !== 200) return;
    const file = uploaded.body.data?.rows[0] as { file_id: string };
    const registered = await admin.post('/api/register-files', { filesData: [{ file_id: file.file_id, title: 'T', source_url: 'https://example.com/t' }] });
    const row = registered.body.data?.rows[0] as { uploaded_by: string; status: string };
    expect(row.uploaded_by).toBe(adminUser.name);
    expect(row.status).toBe('in_progress');
  });

  it('ignores a body on the help request actions: the path says what happens', async () => {
    const id = await fixtures().helpRequestId();
    const answer = await admin.post(`/api/help-requests/${id}/resolve`, { status: 'pending', id: id + 1 });
    expect(answer.status).toBe(200);
    const rows = await sqlRows<{ status: string }>(testApp.db, sql`SELECT status FROM help_requests WHERE id = ${id}`);
    expect(rows[0]?.status).toBe('resolved');
  });

  it('keeps the ids of new fun facts to the server, and an edit to its own fact', async () => {
    const kept = await fixtures().funFactId();
    const added = await admin.post<{ data?: { rows: { id: number; fact: string }[] }[] }>('/api/fun-facts/new', {
      funFacts: [{ fact: `New ${unique()}`, url: 'https://example.com/n', id: kept }],
    });
    if (added.status === 200) expect(added.body.data?.[0]?.rows[0]?.id).not.toBe(kept);
    else expect(added.status).toBe(400);
    const target = await fixtures().funFactId();
    const edited = await admin.post(`/api/fun-facts/edit/${target}`, { funFact: { fact: 'Edited fact', url: 'https://example.com/e', id: kept } });
    expect([200, 400]).toContain(edited.status);
    const rows = await sqlRows<{ fact: string }>(testApp.db, sql`SELECT fact FROM fun_facts WHERE id = ${kept}`);
    expect(rows[0]?.fact).not.toBe('Edited fact');
  });

  it('files a correction as pending, whatever its author sends', async () => {
    const feedback = await insertFeedback(testApp.db, { rating: 'down' });
    const answer = await admin.post(`/api/feedback/${feedback.id}/correction`, { content: 'Corrected.' });
    expect(answer.status).toBe(200);
    const rows = await sqlRows<{ status: string }>(testApp.db, sql`SELECT status FROM inform_the_bot WHERE content = 'Corrected.'`);
    expect(rows.map((row) => row.status)).toEqual(['pending']);
  });
});
