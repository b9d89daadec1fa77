import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '@steward/contract/chat';
import { askStreaming, chatCall, firstRow, SHOP_ORIGIN } from '../../test/chat-test-support.ts';
import { addDocument } from '../../test/document-upload.ts';
import { type FakeLlmServer, startFakeLlmServer } from '../../test/fake-llm-server.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { scaled } from '../../test/slowdown.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { LLM_SYSTEM_PROMPT } from '../answers/llm-prompt.ts';

const RETURNS = '# Returns and refunds\n\nYou can return any item within 30 days of delivery for a full refund. Refunds reach your card within five business days.';
const QUESTION = 'How many days do I have to return an item for a refund?';

let llm: FakeLlmServer;
let testApp: TestApp;
beforeAll(async () => {
  llm = await startFakeLlmServer();
  testApp = await createTestApp({ BOT_ALLOWED_ORIGINS: SHOP_ORIGIN, LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model-7b', LLM_API_KEY: 'sk-test-key', LLM_TIMEOUT_MS: '1000' });
  const { client: admin } = await testApp.signedInClient('admin');
  await addDocument(admin, { name: 'returns.txt', bytes: RETURNS, title: 'Returns policy', sourceUrl: 'https://shop.example.com/returns' });
  await runAllJobs(testApp);
});
afterAll(async () => {
  await testApp.close();
  await llm.close();
});
beforeEach(() => {
  llm.received.length = 0;
});

const ask = async () => firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: QUESTION }, origin: null }));

describe('answers written by an OpenAI-compatible LLM server', () => {
  it('sends the model, the rules, the numbered passages and the question, streaming, with the key', async () => {
    llm.behave({ kind: 'stream', pieces: ['You have 30 days ', 'to return an item [1].'] });
    const answer = await ask();
    expect(llm.received).toHaveLength(1);
    const [request] = llm.received;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/chat/completions', authorization: 'Bearer sk-test-key' });
    expect(request?.body).toMatchObject({ model: 'test-model-7b', stream: true });
    const messages = (request?.body as { messages: { role: string; content: string }[] }).messages;
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[0]?.content).toContain(LLM_SYSTEM_PROMPT);
    // Each passage with its document and its heading path.
    expect(messages[0]?.content).toContain('[1] (Returns policy, Returns and refunds)');
    expect(messages[0]?.content).toContain('You can return any item within 30 days of delivery for a full refund.');
    expect(messages[1]?.content).toBe(QUESTION);

    expect(answer.answer_kind).toBe('llm');
    expect(answer.answer).toBe(
      '<p>You have 30 days to return an item <sup>[1]</sup>.</p><p><strong>Sources</strong></p>' +
        '<ol><li><a href="https://shop.example.com/returns" rel="noopener noreferrer nofollow" target="_blank">Returns policy</a> (Returns and refunds)</li></ol>',
    );
    expect(answer.source_docs).toEqual([{ title: 'Returns policy', source_url: 'https://shop.example.com/returns', page: null }]);
  });

  it('streams the pieces to a client that asks for events, then the whole stored answer', async () => {
    llm.behave({ kind: 'stream', pieces: ['Within ', '30 days', ' <script>alert(1)</script>[1].'] });
    const streamed = await askStreaming(testApp, { message: QUESTION }, SHOP_ORIGIN);
    expect(streamed.status).toBe(200);
    expect(streamed.contentType).toContain('text/event-stream');
    expect(streamed.headers.get('access-control-allow-origin')).toBe(SHOP_ORIGIN);
    expect(streamed.events.map((event) => event.event)).toEqual(['delta', 'delta', 'delta', 'answer']);
    expect(streamed.events.slice(0, 3).map((event) => event.data)).toEqual([{ text: 'Within ' }, { text: '30 days' }, { text: ' <script>alert(1)</script>[1].' }]);
    const final = streamed.events[3]?.data as Record<string, unknown>;
    expect(final).toMatchObject({ answer_kind: 'llm', history_id: expect.any(Number), session_id: expect.any(String) });
    expect(String(final.answer)).toContain('<p>Within 30 days &lt;script&gt;alert(1)&lt;/script&gt;<sup>[1]</sup>.</p>');
    expect(String(final.answer)).not.toContain('<script>');
  });

  it('falls back to the quoted passages when the LLM server does not answer in time', async () => {
    llm.behave({ kind: 'hang' });
    const started = Date.now();
    const answer = await ask();
    expect(Date.now() - started).toBeLessThan(scaled(5000));
    expect(llm.received).toHaveLength(1);
    expect(answer.answer_kind).toBe('extractive');
    expect(String(answer.answer)).toContain('<p>You can return any item within 30 days of delivery for a full refund.');
  });

  it('falls back to the quoted passages when the LLM server fails, streaming too', async () => {
    llm.behave({ kind: 'status', status: 500 });
    const answer = await ask();
    expect(answer.answer_kind).toBe('extractive');
    const streamed = await askStreaming(testApp, { message: QUESTION });
    expect(streamed.events.map((event) => event.event)).toEqual(['answer']);
    expect(streamed.events[0]?.data).toMatchObject({ answer_kind: 'extractive' });
  });

  it('ends the stream with an error event, not internals, when the answer cannot be stored', async () => {
    llm.behave({ kind: 'stream', pieces: ['Thirty days [1].'] });
    await testApp.db.execute(sql`ALTER TABLE history ADD CONSTRAINT test_refuse_rows CHECK (false) NOT VALID`);
    try {
      const streamed = await askStreaming(testApp, { message: QUESTION });
      expect(streamed.status).toBe(200);
      expect(streamed.events).toEqual([
        { event: 'delta', data: { text: 'Thirty days [1].' } },
        { event: 'error', data: { message: CHAT_TEXTS.answerFailed } },
      ]);
    } finally {
      await testApp.db.execute(sql`ALTER TABLE history DROP CONSTRAINT test_refuse_rows`);
    }
  });

  it("does not call the LLM when nothing answers the question: the bot says it doesn't know", async () => {
    const answer = firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'What is the capital of Mongolia?' }, origin: null }));
    expect(answer).toMatchObject({ answer_kind: 'unknown', answer: `<p>${CHAT_TEXTS.dontKnow}</p>` });
    expect(llm.received).toEqual([]);
  });
});
