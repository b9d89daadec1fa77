import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalQueueRow, CORRECTION_MATCH_THRESHOLD, informTheBotRow, replayRow } from '@steward/contract/inform-the-bot';
import { rowsAnswer } from '@steward/contract/envelope';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { insertHistory } from '../../test/conversation-factories.ts';
import { NOTIFICATION_MAIL_QUEUE } from '../../mail/mail-queue.ts';
import { countMailsTo, latestMailTo, mailQueuesTo } from '../../test/queued-mail.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const queueOf = async (client: ApiClient) => {
  const answer = await client.get('/api/inform-the-bot/approval-queue');
  expect(answer.status).toBe(200);
  const [row] = rowsAnswer(approvalQueueRow).parse(answer.body).data.rows;
  if (!row) throw new Error('no row');
  return row;
};

const add = async (client: ApiClient, body: Record<string, unknown>) => {
  const answer = await client.post('/api/inform-the-bot', body);
  expect(answer.status).toBe(200);
  const [row] = rowsAnswer(informTheBotRow).parse(answer.body).data.rows;
  if (!row) throw new Error('no row');
  return row;
};

describe('GET /api/inform-the-bot/approval-queue', () => {
  it("counts the pending items the viewer may approve (not their own) and the people who may approve", async () => {
    const author = await testApp.signedInClient('viewer', { name: 'Ada Author' });
    const other = await testApp.signedInClient('admin', { name: 'Otto Other' });
    const before = { author: await queueOf(author.client), other: await queueOf(other.client) };

    await add(author.client, { content: `Pending by Ada ${Math.random()}` });

    expect((await queueOf(author.client)).awaiting_you).toBe(before.author.awaiting_you);
    expect((await queueOf(other.client)).awaiting_you).toBe(before.other.awaiting_you + 1);
    const [approvers] = await sqlRows<{ total: string | number }>(testApp.db, sql`
      SELECT count(*) AS total FROM users u JOIN role_capabilities rc ON rc.role = u.role AND rc.capability = 'create_inform_the_bot'`);
    expect((await queueOf(author.client)).approvers).toBe(Number(approvers?.total));
  });

  it('needs read_inform_the_bot and login', async () => {
    expect((await testApp.client().get('/api/inform-the-bot/approval-queue')).status).toBe(401);
  });
});

describe('GET /api/inform-the-bot/{pageIndex}?status=pending', () => {
  it('lists only the pending items, with their count as total_count', async () => {
    const author = await testApp.signedInClient('viewer');
    const approver = await testApp.signedInClient('admin');
    const pending = await add(author.client, { content: `Still pending ${Math.random()}` });
    const approved = await add(author.client, { content: `Soon approved ${Math.random()}` });
    expect((await approver.client.post(`/api/inform-the-bot/approve/${approved.id}`, { content: approved.content })).status).toBe(200);

    const answer = await approver.client.get('/api/inform-the-bot/0?status=pending');
    expect(answer.status).toBe(200);
    const rows = rowsAnswer(informTheBotRow).parse(answer.body).data.rows;
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    expect(rows.map((row) => row.id)).toContain(pending.id);
    expect(rows.map((row) => row.id)).not.toContain(approved.id);
    const [pendingCount] = await sqlRows<{ total: string | number }>(testApp.db, sql`SELECT count(*) AS total FROM inform_the_bot WHERE status = 'pending'`);
    expect(rows[0]?.total_count).toBe(Number(pendingCount?.total));
    expect((await approver.client.get('/api/inform-the-bot/0?status=approved')).status).toBe(400);
  });
});

describe('approvers are mailed about each new item', () => {
  it('queues one mail per new item to every other approver, not to its author', async () => {
    const author = await testApp.signedInClient('viewer', { name: 'Mia Mailer', email: `mia-${Date.now()}@example.com` });
    const approver = await testApp.signedInClient('admin', { name: 'Abe Approver', email: `abe-${Date.now()}@example.com` });
    const mailsBefore = await countMailsTo(testApp, approver.user.email);

    await add(author.client, { content: 'Two years on all parts.', question: 'How long is the warranty?' });

    expect(await countMailsTo(testApp, approver.user.email)).toBe(mailsBefore + 1);
    expect(await countMailsTo(testApp, author.user.email)).toBe(0);
    const mail = await latestMailTo(testApp, approver.user.email);
    expect(mail?.text).toContain('Mia Mailer added a correction');
    expect(mail?.text).toContain('Question: How long is the warranty?');
    expect(mail?.text).toContain('/inform-the-bot?status=pending');
    // One event mailing every approver waits in the notification queue, never before an invitation or a reset.
    expect(await mailQueuesTo(testApp, approver.user.email)).toEqual([NOTIFICATION_MAIL_QUEUE]);
  });

  it('mails nothing when the item is refused', async () => {
    const author = await testApp.signedInClient('viewer');
    const approver = await testApp.signedInClient('admin', { email: `quiet-${Date.now()}@example.com` });
    expect((await author.client.post('/api/inform-the-bot', { content: '   ' })).status).toBe(400);
    expect(await countMailsTo(testApp, approver.user.email)).toBe(0);
  });
});

describe('GET /api/inform-the-bot/{id}/replay', () => {
  it('answers the past questions most like the correction, with the answer then and the correction where it would match', async () => {
    const sessionId = `replay-${Date.now()}`;
    const ask = (userMessage: string, apiResponse: string, minute: number) =>
      insertHistory(testApp.db, { sessionId, userMessage, apiResponse, time: new Date(Date.UTC(2031, 0, 1, 0, minute)) });
    const same = await ask('How long is the kettle warranty?', '<p>One year.</p>', 1);
    const near = await ask('how long is the kettle warranty', '<p>I do not know.</p>', 2);
    const other = await ask('Is the kettle warranty valid abroad?', '<p>Yes.</p>', 3);
    await ask('What colour is the toaster?', '<p>Red.</p>', 4);
    const author = await testApp.signedInClient('viewer');
    const approver = await testApp.signedInClient('admin');
    const correction = await add(author.client, { content: 'Two years on all parts.', question: 'How long is the kettle warranty?' });

    const answer = await approver.client.get(`/api/inform-the-bot/${correction.id}/replay`);

    expect(answer.status).toBe(200);
    const rows = rowsAnswer(replayRow).parse(answer.body).data.rows;
    const ids = rows.map((row) => row.history_id);
    expect(ids.slice(0, 2).sort()).toEqual([same.id, near.id].sort());
    expect(rows.find((row) => row.history_id === same.id)).toMatchObject({ answer_then: '<p>One year.</p>', answer_with_correction: 'Two years on all parts.' });
    expect(rows.find((row) => row.history_id === near.id)?.answer_with_correction).toBe('Two years on all parts.');
    const unlike = rows.find((row) => row.history_id === other.id);
    expect(unlike?.likeness).toBeLessThan(CORRECTION_MATCH_THRESHOLD);
    expect(unlike?.answer_with_correction).toBeNull();
    expect(rows.every((row) => !row.user_message.includes('toaster'))).toBe(true);
  });

  it('answers no rows for an item without a question, 404 for no such item, and is refused without a session', async () => {
    const author = await testApp.signedInClient('viewer');
    const item = await add(author.client, { content: `Plain information ${Math.random()}` });
    expect(rowsAnswer(replayRow).parse((await author.client.get(`/api/inform-the-bot/${item.id}/replay`)).body).data.rows).toEqual([]);
    expect((await author.client.get('/api/inform-the-bot/999999/replay')).status).toBe(404);
    expect((await testApp.client().get(`/api/inform-the-bot/${item.id}/replay`)).status).toBe(401);
  });
});
