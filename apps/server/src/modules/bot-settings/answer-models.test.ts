import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANSWER_MODEL_MESSAGES } from '@steward/contract/answer-models';
import { auditLog, botSettings } from '../../db/schema.ts';
import { chatCall, firstRow } from '../../test/chat-test-support.ts';
import { addDocument } from '../../test/document-upload.ts';
import { type FakeLlmServer, startFakeLlmServer } from '../../test/fake-llm-server.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CHECK_QUESTION } from '../answers/model-check.actions.ts';
import { ANSWER_MODELS_TYPE } from './answer-models.repository.ts';

const RETURNS = '# Returns and refunds\n\nYou can return any item within 30 days of delivery for a full refund.';
const QUESTION = 'How many days do I have to return an item for a refund?';
const SAVED_KEY = 'sk-saved-in-the-dashboard-123';

let llm: FakeLlmServer;
let testApp: TestApp;
beforeAll(async () => {
  llm = await startFakeLlmServer();
  // No LLM in the environment: answers quote, until the card saves one.
  testApp = await createTestApp({ LLM_TIMEOUT_MS: '1000' });
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
  llm.behave({ kind: 'stream', pieces: ['I can answer ', 'your customers.'] });
});

const writer = (key: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
  kind: 'llm',
  server: { base_url: `${llm.baseUrl}/`, model: 'test-model-7b', key, ...overrides },
});
const ask = async () => firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: QUESTION }, origin: null }));
const lastAudit = async () => (await testApp.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe('the Answers card: GET and POST /api/answer-models', () => {
  it('shows the environment while nothing is saved', async () => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.get('/api/answer-models');
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows[0]).toEqual({ source: 'environment', writer: { kind: 'quotes', server: null }, embedder: { kind: 'built_in', server: null } });
  });

  it('saves a language model with its key sealed, never answers the key, audits it without the key, and the next answer uses it at once', async () => {
    expect((await ask()).answer_kind).toBe('extractive');
    const { client } = await testApp.signedInClient('admin');
    const saved = await client.post('/api/answer-models', { writer: writer({ change: 'replace', value: SAVED_KEY }), embedder: { kind: 'built_in' } });
    expect(saved.status).toBe(200);
    const view = { source: 'saved', writer: { kind: 'llm', server: { base_url: llm.baseUrl, model: 'test-model-7b', key: 'saved' } }, embedder: { kind: 'built_in', server: null } };
    expect(saved.body.data?.rows[0]).toEqual(view);
    expect((await client.get('/api/answer-models')).body.data?.rows[0]).toEqual(view);
    expect(JSON.stringify(saved.body)).not.toContain(SAVED_KEY);

    // At rest: sealed, not the key.
    const [row] = await testApp.db.select().from(botSettings).where(eq(botSettings.type, ANSWER_MODELS_TYPE));
    expect(row?.value).not.toContain(SAVED_KEY);
    expect(row?.value).toMatch(/"sealed_key":"s1\.[0-9a-f]{8}\./);

    const audit = await lastAudit();
    expect(audit?.action).toBe('bot_settings_changed');
    expect(audit?.details).toEqual({
      answerModels: true,
      writer: 'llm',
      writerModel: 'test-model-7b',
      writerServer: new URL(llm.baseUrl).origin,
      writerKey: 'replaced',
      embedder: 'built_in',
    });
    expect(JSON.stringify(audit)).not.toContain(SAVED_KEY);

    const answer = await ask();
    expect(answer.answer_kind).toBe('llm');
    expect(llm.received.at(-1)).toMatchObject({ url: '/v1/chat/completions', authorization: `Bearer ${SAVED_KEY}` });
  });

  it('keeps the saved key for the same server, refuses to send it to another one, and removes it', async () => {
    const { client } = await testApp.signedInClient('admin');
    await client.post('/api/answer-models', { writer: writer({ change: 'replace', value: SAVED_KEY }), embedder: { kind: 'built_in' } });
    const kept = await client.post('/api/answer-models', { writer: writer({ change: 'keep' }, { model: 'other-model' }), embedder: { kind: 'built_in' } });
    expect(kept.body.data?.rows[0]).toMatchObject({ writer: { server: { model: 'other-model', key: 'saved' } } });
    expect((await lastAudit())?.details).toMatchObject({ writerKey: 'kept' });

    const before = await testApp.db.select().from(botSettings).where(eq(botSettings.type, ANSWER_MODELS_TYPE));
    const elsewhere = await client.post('/api/answer-models', {
      writer: writer({ change: 'keep' }, { base_url: 'https://attacker.example/v1' }),
      embedder: { kind: 'built_in' },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error?.message).toBe(ANSWER_MODEL_MESSAGES.keyOtherServer);
    expect(await testApp.db.select().from(botSettings).where(eq(botSettings.type, ANSWER_MODELS_TYPE))).toEqual(before);

    const removed = await client.post('/api/answer-models', { writer: writer({ change: 'remove' }), embedder: { kind: 'built_in' } });
    expect(removed.body.data?.rows[0]).toMatchObject({ writer: { server: { key: 'none' } } });
    await ask();
    expect(llm.received.at(-1)?.authorization).toBeUndefined();

    // Back to the quotes: the next answer quotes again.
    await client.post('/api/answer-models', { writer: { kind: 'quotes' }, embedder: { kind: 'built_in' } });
    llm.received.length = 0;
    expect((await ask()).answer_kind).toBe('extractive');
    expect(llm.received).toEqual([]);
  });

  it('refuses a bad base URL, an empty model and an empty new key with the contract texts, saving nothing', async () => {
    const { client } = await testApp.signedInClient('admin');
    const before = await testApp.db.select().from(botSettings).where(eq(botSettings.type, ANSWER_MODELS_TYPE));
    const cases: [Record<string, unknown>, string][] = [
      [writer({ change: 'keep' }, { base_url: 'ftp://models.example/v1' }), ANSWER_MODEL_MESSAGES.baseUrl],
      [writer({ change: 'keep' }, { base_url: 'https://user:pass@models.example/v1' }), ANSWER_MODEL_MESSAGES.baseUrl],
      [writer({ change: 'keep' }, { model: '  ' }), ANSWER_MODEL_MESSAGES.modelEmpty],
      [writer({ change: 'replace', value: ' ' }), ANSWER_MODEL_MESSAGES.keyEmpty],
    ];
    for (const [choice, message] of cases) {
      const refused = await client.post('/api/answer-models', { writer: choice, embedder: { kind: 'built_in' } });
      expect(refused.status).toBe(400);
      expect(refused.body.error?.message).toBe(message);
    }
    expect(await testApp.db.select().from(botSettings).where(eq(botSettings.type, ANSWER_MODELS_TYPE))).toEqual(before);
  });

  it('is for administrators only: a viewer may neither read, save nor test', async () => {
    const { client } = await testApp.signedInClient('viewer');
    expect((await client.get('/api/answer-models')).status).toBe(403);
    expect((await client.post('/api/answer-models', { writer: { kind: 'quotes' }, embedder: { kind: 'built_in' } })).status).toBe(403);
    expect((await client.post('/api/answer-models/test', { part: 'writer', server: writer({ change: 'keep' }).server })).status).toBe(403);
    expect(llm.received).toEqual([]);
  });
});

describe('the Answers card: POST /api/answer-models/test', () => {
  const test = async (part: 'writer' | 'embedder', key: Record<string, unknown> = { change: 'replace', value: 'sk-form-key' }, overrides: Record<string, unknown> = {}) => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/answer-models/test', { part, server: { ...writer(key, overrides).server } });
    expect(answer.status).toBe(200);
    return answer.body.data?.rows[0] as { ok: boolean; answer: string; duration_ms: number };
  };

  it("shows what a language model answered and how long it took, asking as answers do, with the form's key", async () => {
    const result = await test('writer');
    expect(result).toMatchObject({ ok: true, answer: 'I can answer your customers.' });
    expect(result.duration_ms).toBeGreaterThanOrEqual(0);
    expect(llm.received).toHaveLength(1);
    expect(llm.received[0]).toMatchObject({ url: '/v1/chat/completions', authorization: 'Bearer sk-form-key' });
    expect(llm.received[0]?.body).toMatchObject({ model: 'test-model-7b', stream: true, messages: [{ role: 'user', content: CHECK_QUESTION }] });
  });

  it('shows what an embeddings API answered', async () => {
    const result = await test('embedder');
    expect(result).toMatchObject({ ok: true, answer: 'A vector of 4 numbers: 7.0000, 0.4800, 0.5000, …' });
    expect(llm.received[0]).toMatchObject({ url: '/v1/embeddings', authorization: 'Bearer sk-form-key', body: { model: 'test-model-7b', input: ['Steward checks that this embeddings API answers.'] } });
  });

  it('tests with the saved key when the form keeps it, and never with it for another server', async () => {
    const { client } = await testApp.signedInClient('admin');
    await client.post('/api/answer-models', { writer: writer({ change: 'replace', value: SAVED_KEY }), embedder: { kind: 'built_in' } });
    expect((await test('writer', { change: 'keep' })).ok).toBe(true);
    expect(llm.received.at(-1)?.authorization).toBe(`Bearer ${SAVED_KEY}`);
    // The same fake under another name (localhost for 127.0.0.1): another origin, so no saved key goes there.
    await test('writer', { change: 'keep' }, { base_url: llm.baseUrl.replace('127.0.0.1', 'localhost') });
    expect(llm.received.at(-1)?.authorization).toBeUndefined();
  });

  it.each([
    ['a refused key', { kind: 'status', status: 401 } as const, /^The LLM server answered 401 Unauthorized\. Check the key\.$/],
    ['a server error', { kind: 'status', status: 503 } as const, /^The LLM server answered 503 Service Unavailable\.$/],
    ['silence past LLM_TIMEOUT_MS', { kind: 'hang' } as const, /^The LLM server did not answer within 1000 ms\.$/],
    ['an answer of the wrong shape', { kind: 'json', body: { result: 'hello' } } as const, /without choices\[0\]\.message\.content/],
  ])('says clearly what went wrong with a language model: %s', async (_name, behaviour, message) => {
    llm.behave(behaviour);
    const result = await test('writer');
    expect(result.ok).toBe(false);
    expect(result.answer).toMatch(message);
  });

  it.each([
    ['a refused key', { kind: 'status', status: 401 } as const, /answered 401 Unauthorized: .*Check the key\.$/],
    ['an answer of the wrong shape', { kind: 'json', body: { result: 'hello' } } as const, /answered without a data list/],
  ])('says clearly what went wrong with an embeddings API: %s', async (_name, behaviour, message) => {
    llm.behave(behaviour);
    const result = await test('embedder');
    expect(result.ok).toBe(false);
    expect(result.answer).toMatch(message);
  });

  it('says when the server cannot be reached', async () => {
    const result = await test('writer', { change: 'remove' }, { base_url: 'http://127.0.0.1:9/v1' });
    expect(result).toMatchObject({ ok: false, answer: expect.stringMatching(/^The LLM server could not be reached/) as unknown });
  });
});

describe('a saved key the server cannot open', () => {
  it('leaves the answers to the quotes and asks for the key again in a Test', async () => {
    const { client } = await testApp.signedInClient('admin');
    await client.post('/api/answer-models', { writer: writer({ change: 'replace', value: SAVED_KEY }), embedder: { kind: 'built_in' } });
    // Another sealing key's value (as after losing STEWARD_SECRETS_KEY).
    await testApp.db.execute(sql`UPDATE bot_settings SET value = replace(value, '"sealed_key":"s1.', '"sealed_key":"s1.0') WHERE type = ${ANSWER_MODELS_TYPE}`);
    expect((await ask()).answer_kind).toBe('extractive');
    const refused = await client.post('/api/answer-models/test', { part: 'writer', server: writer({ change: 'keep' }).server });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(ANSWER_MODEL_MESSAGES.keyUnreadable);
  });
});
