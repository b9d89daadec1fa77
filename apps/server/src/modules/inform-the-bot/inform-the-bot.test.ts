import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFORM_THE_BOT_MESSAGES, MAX_CONTENT_LENGTH, MAX_QUESTION_LENGTH } from '@steward/contract/inform-the-bot';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

async function addItem(client: ApiClient, content = `Opening hours are 9 to 5 (${Math.random()})`) {
  const answer = await client.post('/api/inform-the-bot', { content });
  expect(answer.status).toBe(200);
  const row = answer.body.data?.rows[0];
  if (!row) throw new Error('no row');
  return row as { id: number; content: string; status: string; type: string; total_count: number };
}

describe('POST /api/inform-the-bot', () => {
  it('creates a pending information item and answers the new row', async () => {
    const { client, user } = await testApp.signedInClient('viewer', { name: 'Vera Viewer' });
    const answer = await client.post('/api/inform-the-bot', { content: '  We ship to Canada.  ' });
    expect(answer.status).toBe(200);
    const row = answer.body.data?.rows[0];
    expect(row).toMatchObject({
      user_id: user.id,
      last_author_id: user.id,
      content: 'We ship to Canada.',
      name: 'Vera Viewer',
      status: 'pending',
      type: 'information',
      question: null,
    });
    expect(row?.id).toEqual(expect.any(Number));
    expect(new Date(String(row?.time)).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(row?.total_count).toBeGreaterThanOrEqual(1);
  });

  it.each([[{ content: '' }], [{ content: '   \n ' }], [{}]])('refuses blank content %j with the spec message', async (body) => {
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.post('/api/inform-the-bot', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ message: INFORM_THE_BOT_MESSAGES.addContentRequired, field: 'content' });
  });

  it('refuses content over the limit', async () => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/inform-the-bot', { content: 'x'.repeat(MAX_CONTENT_LENGTH + 1) });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(INFORM_THE_BOT_MESSAGES.contentTooLong);
  });

  it('refuses a feedback_id: corrections are made from the feedback screen only', async () => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/inform-the-bot', { content: 'We do not ship to Mars.', feedback_id: 1 });
    expect(answer.status).toBe(400);
  });

  it('files a correction of a question ("Correct this answer" on the session detail)', async () => {
    const { client, user } = await testApp.signedInClient('viewer');
    const answer = await client.post('/api/inform-the-bot', { content: 'Two years on all parts.', question: '  How long is the warranty?  ' });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows[0]).toMatchObject({
      user_id: user.id,
      content: 'Two years on all parts.',
      status: 'pending',
      type: 'correction',
      question: 'How long is the warranty?',
    });
  });

  it("stores a correction's question with the visitor's email and phone masked, whatever the masking setting: it becomes the bot's knowledge", async () => {
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.post('/api/inform-the-bot', { content: 'Use the contact form.', question: 'Mail zoe@example.com or call +44 20 7946 0958?' });
    expect(answer.status).toBe(200);
    const id = Number(answer.body.data?.rows[0]?.id);
    const [stored] = await sqlRows<{ question: string }>(testApp.db, sql`SELECT question FROM inform_the_bot WHERE id = ${id}`);
    expect(stored?.question).toBe('Mail z•••@example.com or call +44 •• •••• 0958?');
  });

  it('refuses a correction whose question is over the limit', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.post('/api/inform-the-bot', { content: 'Yes.', question: 'q'.repeat(MAX_QUESTION_LENGTH + 1) });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(INFORM_THE_BOT_MESSAGES.questionTooLong);
  });

  it('needs create_inform_the_bot and login', async () => {
    expect((await testApp.client().post('/api/inform-the-bot', { content: 'x' })).status).toBe(401);
  });
});

describe('GET /api/inform-the-bot/{pageIndex}', () => {
  it('lists 10 per page, newest first, with total_count from the counter', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const before = (await client.get('/api/inform-the-bot/0')).body.data?.rows[0]?.total_count as number | undefined;
    const created = [];
    for (let index = 0; index < 12; index += 1) created.push(await addItem(client, `Fact number ${index}`));
    const first = await client.get('/api/inform-the-bot/0');
    expect(first.status).toBe(200);
    const rows = first.body.data?.rows ?? [];
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row.content)).toEqual(created.slice(2).reverse().map((item) => item.content));
    expect(rows[0]?.total_count).toBe((before ?? 0) + 12);
    const second = await client.get('/api/inform-the-bot/1');
    expect(second.body.data?.rows[0]?.content).toBe('Fact number 1');
  });

  it('counts deletions too', async () => {
    const { client: admin } = await testApp.signedInClient('admin');
    const item = await addItem(admin);
    await admin.post(`/api/inform-the-bot/delete/${item.id}`);
    const answer = await admin.get('/api/inform-the-bot/0');
    expect(answer.body.data?.rows[0]?.total_count).toBe(item.total_count - 1);
  });

  it('refuses a bad page index and a visitor without login', async () => {
    const { client } = await testApp.signedInClient('viewer');
    expect((await client.get('/api/inform-the-bot/-1')).status).toBe(400);
    expect((await client.get('/api/inform-the-bot/abc')).status).toBe(400);
    expect((await testApp.client().get('/api/inform-the-bot/0')).status).toBe(401);
  });
});

describe('four-eyes approval', () => {
  it('refuses the creator, whatever the client sends', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const item = await addItem(client);
    const answer = await client.post(`/api/inform-the-bot/approve/${item.id}`, { content: item.content });
    expect(answer.status).toBe(403);
    expect(answer.body.error?.message).toBe(INFORM_THE_BOT_MESSAGES.ownApproval);
    const withoutContent = await client.post(`/api/inform-the-bot/approve/${item.id}`);
    expect(withoutContent.body.error?.message).toBe(INFORM_THE_BOT_MESSAGES.ownApproval);
  });

  it('refuses an admin creator too', async () => {
    const { client } = await testApp.signedInClient('admin');
    const item = await addItem(client);
    expect((await client.post(`/api/inform-the-bot/approve/${item.id}`, { content: item.content })).status).toBe(403);
  });

  it('lets another viewer approve', async () => {
    const { client: author } = await testApp.signedInClient('viewer');
    const { client: other, user } = await testApp.signedInClient('viewer');
    const item = await addItem(author);
    const answer = await other.post(`/api/inform-the-bot/approve/${item.id}`, { content: item.content });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const [stored] = await sqlRows<{ status: string; approved_by: number }>(
      testApp.db,
      sql`SELECT status, approved_by FROM inform_the_bot WHERE id = ${item.id}`,
    );
    expect(stored).toEqual({ status: 'approved', approved_by: user.id });
    const again = await other.post(`/api/inform-the-bot/approve/${item.id}`, { content: item.content });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(INFORM_THE_BOT_MESSAGES.alreadyApproved);
  });

  it('lets an admin approve a viewer item', async () => {
    const { client: author } = await testApp.signedInClient('viewer');
    const { client: admin } = await testApp.signedInClient('admin');
    const item = await addItem(author);
    expect((await admin.post(`/api/inform-the-bot/approve/${item.id}`, { content: item.content })).status).toBe(200);
    const listed = (await admin.get('/api/inform-the-bot/0')).body.data?.rows.find((row) => row.id === item.id);
    expect(listed?.status).toBe('approved');
  });

  it('sends an edited approved item back to pending, and the editor may not approve it', async () => {
    const { client: author, user: authorUser } = await testApp.signedInClient('viewer');
    const { client: editor, user: editorUser } = await testApp.signedInClient('admin');
    const item = await addItem(author);
    expect((await editor.post(`/api/inform-the-bot/approve/${item.id}`, { content: item.content })).status).toBe(200);

    const edited = await editor.post(`/api/inform-the-bot/edit/${item.id}`, { content: 'New text', type: 'information' });
    expect(edited.status).toBe(200);
    expect(edited.body.data?.rows[0]).toMatchObject({
      content: 'New text',
      type: 'information',
      status: 'pending',
      user_id: authorUser.id,
      last_author_id: editorUser.id,
    });
    expect((await editor.post(`/api/inform-the-bot/approve/${item.id}`, { content: 'New text' })).status).toBe(403);
    // The creator did not write the new text, so they may approve it.
    expect((await author.post(`/api/inform-the-bot/approve/${item.id}`, { content: 'New text' })).status).toBe(200);
  });

  it('keeps the approval when an edit saves the same text', async () => {
    const { client: author } = await testApp.signedInClient('viewer');
    const { client: approver } = await testApp.signedInClient('viewer');
    const item = await addItem(author);
    await approver.post(`/api/inform-the-bot/approve/${item.id}`, { content: item.content });
    const edited = await approver.post(`/api/inform-the-bot/edit/${item.id}`, { content: item.content, type: 'information' });
    expect(edited.body.data?.rows[0]).toMatchObject({ status: 'approved' });
  });

  it('refuses to approve text the approver has not seen', async () => {
    const { client: author } = await testApp.signedInClient('viewer');
    const { client: approver } = await testApp.signedInClient('viewer');
    const item = await addItem(author);
    const answer = await approver.post(`/api/inform-the-bot/approve/${item.id}`, { content: 'an older text' });
    expect(answer.status).toBe(409);
    expect(answer.body.error?.message).toBe(INFORM_THE_BOT_MESSAGES.changedSinceLoaded);
  });

  it('answers 404 for a missing item', async () => {
    const { client } = await testApp.signedInClient('viewer');
    expect((await client.post('/api/inform-the-bot/approve/999999', { content: 'x' })).status).toBe(404);
  });
});

describe('POST /api/inform-the-bot/edit/{id}', () => {
  it('refuses blank content with the spec message', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const item = await addItem(client);
    const answer = await client.post(`/api/inform-the-bot/edit/${item.id}`, { content: '  ', type: 'information' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ message: INFORM_THE_BOT_MESSAGES.editContentRequired, field: 'content' });
  });

  it('keeps the item type whatever type the client sends', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const item = await addItem(client);
    const answer = await client.post(`/api/inform-the-bot/edit/${item.id}`, { content: 'Changed', type: 'correction' });
    expect(answer.body.data?.rows[0]).toMatchObject({ content: 'Changed', type: 'information' });
    expect((await client.post(`/api/inform-the-bot/edit/${item.id}`, { content: 'x', type: 'poem' })).status).toBe(400);
  });

  it('answers 404 for a missing item', async () => {
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.post('/api/inform-the-bot/edit/999999', { content: 'x', type: 'information' });
    expect(answer.status).toBe(404);
    expect(answer.body.error?.message).toBe(INFORM_THE_BOT_MESSAGES.notFound);
  });
});

describe('POST /api/inform-the-bot/delete/{id}', () => {
  it('is for admins only', async () => {
    const { client: viewer } = await testApp.signedInClient('viewer');
    const { client: admin } = await testApp.signedInClient('admin');
    const item = await addItem(viewer);
    expect((await viewer.post(`/api/inform-the-bot/delete/${item.id}`)).status).toBe(403);
    expect((await admin.post(`/api/inform-the-bot/delete/${item.id}`)).body).toEqual({ success: true });
    const again = await admin.post(`/api/inform-the-bot/delete/${item.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error?.message).toBe(INFORM_THE_BOT_MESSAGES.notFound);
  });
});
