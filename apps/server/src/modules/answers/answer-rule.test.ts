import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '@steward/contract/chat';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { counters } from '../../test/bot-test-support.ts';
import { chatCall, firstRow } from '../../test/chat-test-support.ts';
import { addDocument } from '../../test/document-upload.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { scaled } from '../../test/slowdown.ts';
import { testDataPath } from '../../test/test-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { retrievePassages } from './answer-rule.ts';

const TITLE = 'Trace-based JIT';
const SOURCE_URL = 'https://docs.example.com/tracemonkey.pdf';

let testApp: TestApp;
let admin: ApiClient;
let chunkTexts: string[];
beforeAll(async () => {
  testApp = await createTestApp();
  ({ client: admin } = await testApp.signedInClient('admin'));
  const pdf = fs.readFileSync(testDataPath('pdf', 'tracemonkey.pdf'));
  await addDocument(admin, { name: 'tracemonkey.pdf', bytes: pdf, title: TITLE, sourceUrl: SOURCE_URL });
  await runAllJobs(testApp);
  chunkTexts = (await sqlRows<{ content: string }>(testApp.db, sql`SELECT content FROM knowledge_chunks`)).map((row) => row.content);
}, scaled(120_000));
afterAll(() => testApp.close());

const ask = async (message: string) => firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message }, origin: null }));
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const unescape = (html: string) => html.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

describe('the threshold for answering, on a real paper (tracemonkey.pdf)', () => {
  it.each([
    'What is trace-based just-in-time compilation?',
    'How does TraceMonkey handle nested loops?',
    'What is a trace tree?',
    'Which JavaScript engine was TraceMonkey built into?',
    'How fast is the compiler compared to the interpreter?',
    // Everyday words the paper never uses ("colleague", "insists", "sluggish") are not what the question is about.
    'A colleague insists nested loops make TraceMonkey sluggish. Does the paper say how it handles them?',
  ])('answers a question about the paper: %s', async (question) => {
    expect((await retrievePassages(testApp.db, testApp.context.knowledge, testApp.app.log, question)).passages.length).toBeGreaterThan(0);
  });

  it.each(['What is the capital of Mongolia?', 'Who won the football world cup in 2014?', 'How do I reset my password?', 'What is it?', 'Does TraceMonkey run on Android phones?'])(
    'finds nothing good enough for an unrelated question: %s',
    async (question) => {
      expect((await retrievePassages(testApp.db, testApp.context.knowledge, testApp.app.log, question)).passages).toEqual([]);
    },
  );
});

describe('extractive answers (no LLM configured)', () => {
  it('quotes the one to three sentences that best answer, then the source once: the document linked, its page and section', async () => {
    const answer = await ask('What is a trace tree?');
    expect(answer.answer_kind).toBe('extractive');
    const html = String(answer.answer);
    const match = /^<p>(.*?)<\/p><p>Source: <cite>(.*?)<\/cite><\/p>$/.exec(html);
    expect(match, html).not.toBeNull();
    const [, quoted = '', cite = ''] = match ?? [];
    const text = squeeze(unescape(quoted));
    expect(text.toLowerCase()).toContain('trace tree');
    // Whole sentences of one passage, at most three of them, as the document has them.
    expect(chunkTexts.some((chunk) => squeeze(chunk).includes(text))).toBe(true);
    expect(text.split(/(?<=[.!?])\s+(?=[A-Z])/).length).toBeLessThanOrEqual(3);
    expect(cite).toMatch(new RegExp(`^<a href="${SOURCE_URL}#page=(\\d+)" rel="noopener noreferrer nofollow" target="_blank">${TITLE}</a>, pages? \\d+(–\\d+)?`));
    expect(html.match(/Source:/g)).toHaveLength(1);
    expect(answer.source_docs).toEqual(expect.arrayContaining([expect.objectContaining({ title: TITLE, source_url: SOURCE_URL })]));

    const session = await admin.get(`/api/history/${encodeURIComponent(String(answer.session_id))}`);
    const row = session.body.data?.rows[0];
    expect(row).toMatchObject({ api_response: html, coverage_gap: false });
    expect(row?.source_docs).toEqual(expect.arrayContaining([{ metadata: { filename: TITLE, source_url: SOURCE_URL } }]));
  });
});

describe("don't know and coverage gaps", () => {
  it('says the contract text, flags the row as a coverage gap, and the History filter lists only such rows', async () => {
    const before = await counters(testApp.db);
    const known = await ask('What is a trace tree?');
    const unknown = await ask('What is the capital of Mongolia?');
    expect(unknown).toMatchObject({ answer_kind: 'unknown', answer: `<p>${CHAT_TEXTS.dontKnow}</p>`, source_docs: [] });
    expect((await counters(testApp.db))['history:coverage_gap']).toBe((before['history:coverage_gap'] ?? 0) + 1);

    const gaps = await admin.get('/api/all-history/0?coverage_gaps=true');
    expect(gaps.status).toBe(200);
    const gapRows = gaps.body.data?.rows ?? [];
    expect(gapRows.map((row) => row.id)).toContain(unknown.history_id);
    expect(gapRows.map((row) => row.id)).not.toContain(known.history_id);
    expect(gapRows.every((row) => row.coverage_gap === true)).toBe(true);
    expect(gapRows[0]?.total_count).toBe(gapRows.length);

    const all = await admin.get('/api/all-history/0?coverage_gaps=false');
    expect((all.body.data?.rows ?? []).map((row) => row.id)).toEqual(expect.arrayContaining([known.history_id, unknown.history_id]));
    expect((await admin.get('/api/all-history/0?coverage_gaps=maybe')).body.error?.message).toBe('coverage_gaps must be true or false.');
  });
});
