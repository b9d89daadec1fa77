import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createInformTheBotItems } from './inform-the-bot.repository.ts';
import { informTheBotKnowledgeText } from './inform-the-bot-indexing.ts';
import { runAllJobs } from '../../test/run-jobs.ts';

let testApp: TestApp;
let author: ApiClient;
let reviewer: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  ({ client: author } = await testApp.signedInClient('admin', { name: 'Ann Author' }));
  ({ client: reviewer } = await testApp.signedInClient('admin', { name: 'Rob Reviewer' }));
});
afterAll(() => testApp.close());


async function addItem(content: string): Promise<number> {
  const answer = await author.post('/api/inform-the-bot', { content });
  expect(answer.status).toBe(200);
  return Number(answer.body.data?.rows[0]?.id);
}

const approve = async (id: number) => expect((await reviewer.post(`/api/inform-the-bot/approve/${id}`, {})).status).toBe(200);

const botSearch = async (query: string) => {
  const answer = await botPost(testApp, '/api/bot/knowledge/search', { query, k: 5 });
  expect(answer.status).toBe(200);
  return answer.body.data?.rows ?? [];
};

const chunkCount = async (id: number) =>
  (await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM knowledge_chunks WHERE inform_the_bot_id = ${id}`))[0]?.n;

describe('approved Inform-the-Bot items in the knowledge store', () => {
  it('answers an approved item to the bot, and never a pending one', async () => {
    const id = await addItem('Gift wrapping is free for orders above 50 euros; choose it at checkout.');
    await runAllJobs(testApp);
    expect(await chunkCount(id)).toBe(0);
    expect((await botSearch('Is gift wrapping free?')).some((row) => row.inform_the_bot_id === id)).toBe(false);

    await approve(id);
    await runAllJobs(testApp);
    const [best] = await botSearch('Is gift wrapping free?');
    expect(best).toMatchObject({ inform_the_bot_id: id, document_id: null, document_title: 'Inform the Bot', source_url: null, page: null });
    expect(best?.text).toBe('Gift wrapping is free for orders above 50 euros; choose it at checkout.');
  });

  it('takes an edited item out at once and puts the new text in after its next approval', async () => {
    const id = await addItem('The warehouse ships parcels on Saturdays too.');
    await approve(id);
    await runAllJobs(testApp);
    expect(await chunkCount(id)).toBe(1);

    expect((await author.post(`/api/inform-the-bot/edit/${id}`, { content: 'The warehouse ships parcels from Monday to Friday only.' })).status).toBe(200);
    expect(await chunkCount(id)).toBe(0);
    expect((await botSearch('Does the warehouse ship parcels on Saturdays?')).some((row) => row.inform_the_bot_id === id)).toBe(false);

    await approve(id);
    await runAllJobs(testApp);
    const hit = (await botSearch('When does the warehouse ship parcels?')).find((row) => row.inform_the_bot_id === id);
    expect(hit?.text).toBe('The warehouse ships parcels from Monday to Friday only.');
  });

  it('writes nothing when the item changed between its approval and the job', async () => {
    const id = await addItem('Our stores close at 8 pm on Thursdays.');
    await approve(id);
    expect((await author.post(`/api/inform-the-bot/edit/${id}`, { content: 'Our stores close at 9 pm on Thursdays.' })).status).toBe(200);
    await runAllJobs(testApp);
    expect(await chunkCount(id)).toBe(0);
  });

  it('removes a deleted item from the knowledge store', async () => {
    const id = await addItem('Loyalty points expire after two years.');
    await approve(id);
    await runAllJobs(testApp);
    expect(await chunkCount(id)).toBe(1);
    expect((await reviewer.post(`/api/inform-the-bot/delete/${id}`, {})).status).toBe(200);
    expect(await chunkCount(id)).toBe(0);
  });

  it('indexes a correction with the customer question it answers', async () => {
    const { user } = await testApp.signedInClient('admin');
    const [correction] = await createInformTheBotItems(testApp.db, [
      { author: { id: user.id, name: user.name }, content: 'No, we do not deliver to P.O. boxes.', type: 'correction', question: 'Can you deliver to my P.O. box?' },
    ]);
    if (!correction) throw new Error('no correction');
    await approve(correction.id);
    await runAllJobs(testApp);
    const hit = (await botSearch('deliver to a P.O. box')).find((row) => row.inform_the_bot_id === correction.id);
    expect(hit?.text).toBe('Question: Can you deliver to my P.O. box?\n\nAnswer: No, we do not deliver to P.O. boxes.');
  });
});

describe('informTheBotKnowledgeText', () => {
  it('is the content alone for information, and question with answer for a correction', () => {
    expect(informTheBotKnowledgeText({ content: 'We ship to Canada.', question: null })).toBe('We ship to Canada.');
    expect(informTheBotKnowledgeText({ content: 'Yes.', question: 'Do you ship to Canada?' })).toBe('Question: Do you ship to Canada?\n\nAnswer: Yes.');
  });
});
