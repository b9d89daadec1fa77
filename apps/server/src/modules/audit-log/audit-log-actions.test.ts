import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, type AuditAction, type AuditDetails, type AuditObjectType } from '@steward/contract/audit-log';
import { sqlRows } from '../../db/sql-rows.ts';
import type { UserRecord } from '../auth/users.repository.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { insertFeedback, insertHistory } from '../../test/conversation-factories.ts';
import { keyFromMail, latestMailTo } from '../../test/queued-mail.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';

/**
 * Walks every staff action the audit log records (docs/audit-log.md) through the real HTTP stack
 * and checks that each writes exactly one entry with the right actor, object and address, and
 * that a refused action writes none.
 */
let testApp: TestApp;
let admin: ApiClient;
let adminUser: UserRecord;
let viewer: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  ({ client: admin, user: adminUser } = await testApp.signedInClient('admin', { name: 'Audrey Admin' }));
  ({ client: viewer } = await testApp.signedInClient('viewer', { name: 'Vic Viewer' }));
});
afterAll(() => testApp.close());
// Every call comes from 127.0.0.1: fresh per-address rate limits for each test.
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM rate_limits`);
});

interface Entry {
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  action: AuditAction;
  object_type: AuditObjectType | null;
  object_id: number | null;
  object_label: string;
  details: AuditDetails;
  ip: string;
}

const lastEntryId = async (): Promise<number> =>
  Number((await sqlRows<{ id: number | null }>(testApp.db, sql`SELECT max(id) AS id FROM audit_log`))[0]?.id ?? 0);

/** Runs `act` and answers the entries it wrote, oldest first. */
async function entriesOf(act: () => Promise<unknown>): Promise<Entry[]> {
  const before = await lastEntryId();
  await act();
  return sqlRows<Entry>(
    testApp.db,
    sql`SELECT actor_id, actor_name, actor_email, action, object_type, object_id, object_label, details, ip
        FROM audit_log WHERE id > ${before} ORDER BY id`,
  );
}

const by = (user: Pick<UserRecord, 'id' | 'name' | 'email'>) => ({ actor_id: user.id, actor_name: user.name, actor_email: user.email, ip: '127.0.0.1' });

async function expectStatus(answer: Promise<{ status: number }>, status: number): Promise<void> {
  expect((await answer).status).toBe(status);
}

describe('signing in and out', () => {
  it('records a sign-in, from the address the request came from', async () => {
    const user = await testApp.createUser({ name: 'Sid Signin' });
    const client = testApp.client();
    const entries = await entriesOf(() =>
      expectStatus(client.post('/api/login', { email: user.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '203.0.113.7' }), 200),
    );
    expect(entries).toEqual([
      { ...by(user), ip: '203.0.113.7', action: 'sign_in', object_type: 'user', object_id: user.id, object_label: 'Sid Signin', details: { method: 'password' } },
    ]);
  });

  it('records a failed sign-in with the email tried and no actor, for a wrong password and an unknown email', async () => {
    const user = await testApp.createUser({ name: 'Fay Failed' });
    const wrong = await entriesOf(() => expectStatus(testApp.client().post('/api/login', { email: user.email, password: 'Wrong-Pass-1' }), 401));
    expect(wrong).toEqual([
      {
        actor_id: null, actor_name: null, actor_email: user.email, ip: '127.0.0.1',
        action: 'sign_in_failed', object_type: 'user', object_id: user.id, object_label: 'Fay Failed', details: { reason: 'wrong_password' },
      },
    ]);
    const unknown = await entriesOf(() => expectStatus(testApp.client().post('/api/login', { email: 'Nobody@Example.com', password: 'Wrong-Pass-1' }), 401));
    expect(unknown).toEqual([
      {
        actor_id: null, actor_name: null, actor_email: 'nobody@example.com', ip: '127.0.0.1',
        action: 'sign_in_failed', object_type: null, object_id: null, object_label: '', details: { reason: 'unknown_email' },
      },
    ]);
  });

  it('records a sign-out of a live session, and nothing for a logout without one', async () => {
    const { client, user } = await testApp.signedInClient('viewer', { name: 'Otto Out' });
    expect(await entriesOf(() => expectStatus(client.get('/api/logout'), 200))).toEqual([
      { ...by(user), action: 'sign_out', object_type: 'user', object_id: user.id, object_label: 'Otto Out', details: {} },
    ]);
    expect(await entriesOf(() => expectStatus(client.get('/api/logout'), 200))).toEqual([]);
  });
});

describe('accounts', () => {
  it('records an invitation, and the registration from it by the new account', async () => {
    const email = `invitee-${Date.now()}@example.com`;
    const invited = await entriesOf(() => expectStatus(admin.post('/api/add-user', { name: 'Ivy Invitee', email, role: 'viewer' }), 200));
    expect(invited).toEqual([
      { ...by(adminUser), action: 'user_invited', object_type: 'invitation', object_id: null, object_label: `Ivy Invitee <${email}>`, details: { role: 'viewer' } },
    ]);

    const key = keyFromMail(await latestMailTo(testApp, email), 'register');
    const registered = await entriesOf(() => expectStatus(testApp.client().post('/api/register', { key, password: 'New-Password-7' }), 200));
    const [account] = await sqlRows<{ id: number }>(testApp.db, sql`SELECT id FROM users WHERE email = ${email}`);
    expect(registered).toEqual([
      { actor_id: account?.id, actor_name: 'Ivy Invitee', actor_email: email, ip: '127.0.0.1', action: 'user_registered', object_type: 'user', object_id: account?.id, object_label: 'Ivy Invitee', details: { role: 'viewer' } },
    ]);
    // A used invitation is refused, and writes nothing.
    expect(await entriesOf(() => expectStatus(testApp.client().post('/api/register', { key, password: 'New-Password-7' }), 410))).toEqual([]);
  });

  it('records a password reset by the account itself, and a change of one\'s own password', async () => {
    const user = await testApp.createUser({ name: 'Rita Reset' });
    await testApp.client().post('/api/send-password-reset-email', { email: user.email });
    const token = keyFromMail(await latestMailTo(testApp, user.email), 'reset-password');
    expect(await entriesOf(() => expectStatus(testApp.client().post('/api/reset-password', { token, newPassword: 'Reset-Password-8' }), 200))).toEqual([
      { ...by(user), action: 'password_reset', object_type: 'user', object_id: user.id, object_label: 'Rita Reset', details: {} },
    ]);

    const { client, user: changer } = await testApp.signedInClient('viewer', { name: 'Chad Change' });
    const changed = await entriesOf(() =>
      expectStatus(client.post(`/api/user/${changer.id}/change-password`, { oldPassword: TEST_PASSWORD, newPassword: 'Changed-Pass-9' }), 200),
    );
    expect(changed).toEqual([
      { ...by(changer), action: 'password_changed', object_type: 'user', object_id: changer.id, object_label: 'Chad Change', details: {} },
    ]);
    // A wrong old password is refused, and writes nothing.
    expect(await entriesOf(() => expectStatus(client.post(`/api/user/${changer.id}/change-password`, { oldPassword: 'Not-It-123', newPassword: 'Changed-Pass-9' }), 400))).toEqual([]);
  });

  it('records a deletion with the account as it was, and the actor\'s snapshot outlives the actor', async () => {
    const doomed = await testApp.createUser({ name: 'Dora Doomed', role: 'viewer' });
    expect(await entriesOf(() => expectStatus(admin.post(`/api/user/${doomed.id}/delete`), 200))).toEqual([
      { ...by(adminUser), action: 'user_deleted', object_type: 'user', object_id: doomed.id, object_label: `Dora Doomed <${doomed.email}>`, details: { role: 'viewer' } },
    ]);
    // A viewer may not delete: 403, nothing written.
    const other = await testApp.createUser({ role: 'viewer' });
    expect(await entriesOf(() => expectStatus(viewer.post(`/api/user/${other.id}/delete`), 403))).toEqual([]);
    // Entries of a deleted account keep its name and email.
    const { client, user: leaver } = await testApp.signedInClient('admin', { name: 'Lea Leaver' });
    await client.get('/api/logout');
    await admin.post(`/api/user/${leaver.id}/delete`);
    const kept = await sqlRows<{ actor_name: string }>(testApp.db, sql`SELECT actor_name FROM audit_log WHERE actor_id = ${leaver.id}`);
    expect(kept.map((entry) => entry.actor_name)).toEqual(['Lea Leaver', 'Lea Leaver']);
  });
});

describe('Inform the Bot', () => {
  it('records create, edit, approve and delete of an item', async () => {
    const { client: author, user: authorUser } = await testApp.signedInClient('viewer', { name: 'Ann Author' });
    let id = 0;
    const created = await entriesOf(async () => {
      const answer = await author.post('/api/inform-the-bot', { content: 'Our shop opens at nine.' });
      expect(answer.status).toBe(200);
      id = Number(answer.body.data?.rows[0]?.id);
    });
    expect(created).toEqual([
      { ...by(authorUser), action: 'information_created', object_type: 'information', object_id: id, object_label: 'Our shop opens at nine.', details: { type: 'information' } },
    ]);

    expect(await entriesOf(() => expectStatus(author.post(`/api/inform-the-bot/edit/${id}`, { content: 'Our shop opens at ten.' }), 200))).toEqual([
      { ...by(authorUser), action: 'information_edited', object_type: 'information', object_id: id, object_label: 'Our shop opens at ten.', details: {} },
    ]);
    // The author may not approve their own text: 403, nothing written.
    expect(await entriesOf(() => expectStatus(author.post(`/api/inform-the-bot/approve/${id}`, { content: 'Our shop opens at ten.' }), 403))).toEqual([]);
    expect(await entriesOf(() => expectStatus(admin.post(`/api/inform-the-bot/approve/${id}`, { content: 'Our shop opens at ten.' }), 200))).toEqual([
      { ...by(adminUser), action: 'information_approved', object_type: 'information', object_id: id, object_label: 'Our shop opens at ten.', details: {} },
    ]);
    // Deleting is for administrators: a viewer's try writes nothing.
    expect(await entriesOf(() => expectStatus(author.post(`/api/inform-the-bot/delete/${id}`), 403))).toEqual([]);
    expect(await entriesOf(() => expectStatus(admin.post(`/api/inform-the-bot/delete/${id}`), 200))).toEqual([
      { ...by(adminUser), action: 'information_deleted', object_type: 'information', object_id: id, object_label: 'Our shop opens at ten.', details: {} },
    ]);
  });

  it('records one entry per item of an upload, and a correction from the feedback screen with its feedback', async () => {
    const form = new FormData();
    form.append('content', 'Typed alongside a file.');
    form.append('files', new Blob(['Text of the file.']), 'notes.txt');
    const uploaded = await entriesOf(() => expectStatus(admin.postForm('/api/inform-the-bot/upload', form), 200));
    const byLabel = uploaded.map((entry) => [entry.action, entry.object_label, entry.details]).sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(byLabel).toEqual([
      ['information_created', 'Text of the file.', { type: 'file' }],
      ['information_created', 'Typed alongside a file.', { type: 'information' }],
    ]);

    const feedback = await insertFeedback(testApp.db, { history: await insertHistory(testApp.db, { userMessage: 'Warranty?' }), rating: 'down' });
    const corrected = await entriesOf(() => expectStatus(admin.post(`/api/feedback/${feedback.id}/correction`, { content: 'Two years.' }), 200));
    expect(corrected).toMatchObject([
      { ...by(adminUser), action: 'information_created', object_type: 'information', object_label: 'Two years.', details: { type: 'correction', feedback_id: feedback.id } },
    ]);
  });
});

describe('documents', () => {
  it('records upload, edit, replace and delete of a document, and nothing for a refused edit', async () => {
    const form = new FormData();
    form.append('filesData', JSON.stringify([{ title: 'Returns policy', source_url: 'https://shop.example.com/returns' }]));
    form.append('files', new Blob(['Returns are free within 30 days.']), 'returns.txt');
    const stored = await admin.postForm('/api/upload-files', form);
    expect(stored.status).toBe(200);
    let id = 0;
    let fileId = '';
    const uploaded = await entriesOf(async () => {
      const answer = await admin.post('/api/register-files', { filesData: stored.body.data?.rows });
      expect(answer.status).toBe(200);
      id = Number(answer.body.data?.rows[0]?.id);
      fileId = String(answer.body.data?.rows[0]?.file_id);
    });
    expect(uploaded).toEqual([
      { ...by(adminUser), action: 'document_uploaded', object_type: 'document', object_id: id, object_label: 'Returns policy', details: { filename: 'returns.txt' } },
    ]);

    // While it is in progress an edit is refused (409), and writes nothing.
    const update = { title: 'Returns', source_url: 'https://shop.example.com/returns' };
    expect(await entriesOf(() => expectStatus(admin.post(`/api/documents/${fileId}/update`, update), 409))).toEqual([]);
    await testApp.db.execute(sql`UPDATE documents SET status = 'completed' WHERE id = ${id}`);
    expect(await entriesOf(() => expectStatus(admin.post(`/api/documents/${fileId}/update`, update), 200))).toEqual([
      { ...by(adminUser), action: 'document_edited', object_type: 'document', object_id: id, object_label: 'Returns', details: {} },
    ]);

    const replacement = new FormData();
    replacement.append('file', new Blob(['Returns are free within 60 days.']), 'returns-2.txt');
    expect(await entriesOf(() => expectStatus(admin.postForm(`/api/documents/${id}/replace`, replacement), 200))).toEqual([
      { ...by(adminUser), action: 'document_replaced', object_type: 'document', object_id: id, object_label: 'Returns', details: { filename: 'returns-2.txt' } },
    ]);

    await testApp.db.execute(sql`UPDATE documents SET status = 'completed' WHERE id = ${id}`);
    expect(await entriesOf(() => expectStatus(viewer.post(`/api/documents/${id}/delete`), 403))).toEqual([]);
    const deleted = await entriesOf(() => expectStatus(admin.post(`/api/documents/${id}/delete`), 200));
    expect(deleted).toMatchObject([{ ...by(adminUser), action: 'document_deleted', object_type: 'document', object_id: id, object_label: 'Returns' }]);
  });
});

describe('bot settings and fun facts', () => {
  it('records a settings save with what changed (the number of addresses, not the addresses)', async () => {
    const saved = await entriesOf(() =>
      expectStatus(admin.post('/api/bot-settings', { settings: { supportMessageThreshold: 4, helpRequestEmails: ['ops@example.com', 'boss@example.com'] } }), 200),
    );
    expect(saved).toEqual([
      { ...by(adminUser), action: 'bot_settings_changed', object_type: 'bot_settings', object_id: null, object_label: 'Bot settings', details: { supportMessageThreshold: 4, helpRequestEmails: 2 } },
    ]);
    expect(await entriesOf(() => expectStatus(viewer.post('/api/bot-settings', { settings: { supportMessageThreshold: 5 } }), 403))).toEqual([]);
    expect(await entriesOf(() => expectStatus(admin.post('/api/bot-settings', { settings: { supportMessageThreshold: -1 } }), 400))).toEqual([]);
  });

  it('records adding, editing and deleting fun facts', async () => {
    let ids: number[] = [];
    const added = await entriesOf(async () => {
      const answer = await admin.post<{ data: { rows: { id: number }[] }[] }>('/api/fun-facts/new', {
        funFacts: [
          { fact: 'honey never spoils', url: 'https://example.com/honey' },
          { fact: 'octopuses have three hearts', url: 'https://example.com/octopus' },
        ],
      });
      expect(answer.status).toBe(200);
      ids = answer.body.data.map((result) => Number(result.rows[0]?.id));
    });
    expect(added.map((entry) => [entry.action, entry.object_id, entry.object_label])).toEqual([
      ['fun_fact_added', ids[0], 'honey never spoils'],
      ['fun_fact_added', ids[1], 'octopuses have three hearts'],
    ]);
    const [first] = ids;
    expect(await entriesOf(() => expectStatus(admin.post(`/api/fun-facts/edit/${first}`, { funFact: { fact: 'honey keeps', url: 'https://example.com/honey' } }), 200))).toEqual([
      { ...by(adminUser), action: 'fun_fact_edited', object_type: 'fun_fact', object_id: first, object_label: 'honey keeps', details: {} },
    ]);
    expect(await entriesOf(() => expectStatus(admin.post(`/api/fun-facts/delete/${first}`), 200))).toEqual([
      { ...by(adminUser), action: 'fun_fact_deleted', object_type: 'fun_fact', object_id: first, object_label: 'honey keeps', details: {} },
    ]);
    expect(await entriesOf(() => expectStatus(admin.post(`/api/fun-facts/delete/${first}`), 404))).toEqual([]);
  });
});

describe('help requests', () => {
  it('records resolving and reopening, and nothing for a repeated action', async () => {
    const created = await botPost(testApp, '/api/bot/help-requests', { name: 'Hal Help', email: 'hal@example.com', message: 'Where is my order?' });
    const id = Number(created.body.data?.rows[0]?.id);
    const { client, user } = await testApp.signedInClient('viewer', { name: 'Res Olver' });
    expect(await entriesOf(() => expectStatus(client.post(`/api/help-requests/${id}/resolve`), 200))).toEqual([
      { ...by(user), action: 'help_request_resolved', object_type: 'help_request', object_id: id, object_label: 'Hal Help: Where is my order?', details: {} },
    ]);
    expect(await entriesOf(() => expectStatus(client.post(`/api/help-requests/${id}/resolve`), 409))).toEqual([]);
    expect(await entriesOf(() => expectStatus(client.post(`/api/help-requests/${id}/reopen`), 200))).toMatchObject([
      { ...by(user), action: 'help_request_reopened', object_id: id },
    ]);
  });
});

describe('the audit log table', () => {
  it('takes every action and object type the contract names (the features landing together each rewrote its check)', async () => {
    for (const action of AUDIT_ACTIONS) {
      await testApp.db.execute(sql`INSERT INTO audit_log (time, action, actor_name, object_label) VALUES (now(), ${action}, 'Check', 'check')`);
    }
    for (const objectType of AUDIT_OBJECT_TYPES) {
      await testApp.db.execute(sql`INSERT INTO audit_log (time, action, actor_name, object_type, object_label) VALUES (now(), 'sign_in', 'Check', ${objectType}, 'check')`);
    }
    const [stored] = await sqlRows<{ count: number }>(testApp.db, sql`SELECT count(*)::int AS count FROM audit_log WHERE actor_name = 'Check'`);
    expect(stored?.count).toBe(AUDIT_ACTIONS.length + AUDIT_OBJECT_TYPES.length);
  });
});
