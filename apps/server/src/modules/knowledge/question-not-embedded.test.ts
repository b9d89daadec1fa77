import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../ingest/embedders/embedder.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { chatCall, firstRow } from '../../test/chat-test-support.ts';
import { addDocument } from '../../test/document-upload.ts';
import { hashedWordsEmbedder } from '../../test/hashed-words-embedder.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { scaled } from '../../test/slowdown.ts';
import { onPostgres } from '../../test/test-database.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A model that embeds the documents, then fails on questions: a remote model's server going down, or the
// built-in model not loaded on a loaded machine. The question is then searched by full text alone.
let questionsFail = false;
const failingOnQuestions: Embedder = {
  ...hashedWordsEmbedder,
  embed: async (texts, options) => {
    if (questionsFail) throw new Error('The embeddings server is down.');
    return hashedWordsEmbedder.embed(texts, options);
  },
};

const warnings: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      const entry = JSON.parse(line) as { level: number; msg: string };
      if (entry.level === 40) warnings.push(entry.msg);
    }
    done();
  },
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream, embedder: failingOnQuestions });
  const { client: admin } = await testApp.signedInClient('admin');
  const manual = 'Warranty\n\nEvery kettle carries a warranty of two years from the day of purchase.\n\nDescaling\n\nDescale the kettle every month with citric acid.';
  await addDocument(admin, { name: 'kettle.txt', bytes: manual, title: 'Kettle manual', sourceUrl: 'https://shop.example.com/kettle' });
  await runAllJobs(testApp);
  questionsFail = true;
}, scaled(60_000));
afterAll(() => testApp.close());

describe.skipIf(onPostgres())('a question the embedder cannot embed (pgvector)', () => {
  it('is still searched, by full text, and the failure is logged as a warning', async () => {
    const answer = await botPost(testApp, '/api/bot/knowledge/search', { query: 'How long is the kettle warranty?', k: 3 });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows[0]).toMatchObject({ document_title: 'Kettle manual' });
    expect(String((answer.body.data?.rows[0] as { text: string }).text)).toContain('two years');
    expect(warnings).toContain('The embedder failed on a question: it is searched by full text alone.');
  });

  it('is still answered in the chat from the documents', async () => {
    const answer = await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'How often should I descale the kettle?' }, origin: null });
    expect(answer.status).toBe(200);
    expect(String(firstRow(answer).answer)).toContain('citric acid');
  });
});
