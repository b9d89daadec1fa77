import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, type SearchResults, TOP_BAR_COUNT_CAP } from '@steward/contract/search';
import { history } from '../../db/schema.ts';
import { bumpCounters } from '../../lib/list-counters.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { HISTORY_COUNTER } from '../history/history.counters.ts';

/**
 * Every way of counting (the walk along the newest rows, the GIN index, the deep window of a common word)
 * gives the answer a plain count would: 2,000 rows, each word at its own frequency, in a table the
 * counters say holds a million rows, so that each way is taken.
 */
const ROWS = 2000;
const WORDS = {
  alpha: (index: number) => index % 4 === 0, // 25 %: the walk reaches both caps
  bravo: (index: number) => index % 12 === 0, // 8 %: the first walk reaches the top bar's cap; the results page's walks on, falls short, the index counts
  charlie: (index: number) => index % 40 === 0, // 2.5 %: the first walk reaches the top bar's cap late
  delta: (index: number) => index % 500 === 0, // 0.2 %: too rare to walk on: the index counts
  echo: (index: number) => index < 150, // only among the oldest rows: the first walk finds none, the index counts
  foxtrot: (index: number) => index % 60 === 0, // 1.7 %: walks on past the first 1,000 rows and reaches the top bar's cap
  golf: (index: number) => index % 100 === 0, // 1 %: walks on, falls short of the cap, the index counts
} as const;
type Word = keyof typeof WORDS;

let testApp: TestApp;
let viewer: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  ({ client: viewer } = await testApp.signedInClient('viewer'));
  const start = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: ROWS }, (_, index) => {
    const words = (Object.keys(WORDS) as Word[]).filter((word) => WORDS[word](index));
    return { sessionId: `plan-${index}`, userMessage: `Question ${index} ${words.join(' ')}`, apiResponse: 'An answer.', time: new Date(start + index * 60_000) };
  });
  await testApp.db.transaction(async (tx) => {
    await tx.insert(history).values(rows);
    await bumpCounters(tx, [HISTORY_COUNTER], ROWS + 1_000_000);
  });
});
afterAll(() => testApp.close());

const expected = (word: Word, cap: number, limit: number) => {
  const matching = Array.from({ length: ROWS }, (_, index) => index).filter(WORDS[word]);
  return { total: Math.min(matching.length, cap), newest: matching.reverse().slice(0, limit).map((index) => `plan-${index}`) };
};

async function expectTopBarAsPlainCount(word: Word): Promise<void> {
  const answer = await viewer.post<{ data: SearchResults }>('/api/search', { search: `${word} `, limit: 5, page: 0 });
  const { total, newest } = expected(word, TOP_BAR_COUNT_CAP, 5);
  expect(answer.body.data.chatHistory.total_count).toBe(total);
  expect(answer.body.data.chatHistory.rows.map((row) => row.session_id)).toEqual(newest);
}

describe('search counts, whichever plan counts them', () => {
  for (const word of Object.keys(WORDS) as Word[]) {
    it(`"${word}": the top bar's count and newest rows are a plain count's`, () => expectTopBarAsPlainCount(word));

    it(`"${word}": the results page's count is a plain count's`, async () => {
      const answer = await viewer.post<{ data: { rows: { session_id: string; total_count: number }[] } }>('/api/search/history', { search: word, page: 0 });
      const { total, newest } = expected(word, SEARCH_COUNT_CAP, 20);
      expect(answer.body.data.rows[0]?.total_count).toBe(total);
      expect(answer.body.data.rows.map((row) => row.session_id)).toEqual(newest);
    });
  }

  it('a window past the walk\'s matches of a common word (a deep page) is still the newest rows at that offset', async () => {
    const page = Math.ceil((TOP_BAR_COUNT_CAP + 1) / 5) + 1;
    const answer = await viewer.post<{ data: SearchResults }>('/api/search', { search: 'alpha ', limit: 5, page });
    const matching = Array.from({ length: ROWS }, (_, index) => index).filter(WORDS.alpha).reverse();
    expect(answer.body.data.chatHistory.rows.map((row) => row.session_id)).toEqual(matching.slice(page * 5, page * 5 + 5).map((index) => `plan-${index}`));
    expect(answer.body.data.chatHistory.total_count).toBe(TOP_BAR_COUNT_CAP);
  });

  it('a window past every match is empty, and still counted', async () => {
    const answer = await viewer.post<{ data: SearchResults }>('/api/search', { search: 'delta ', limit: 5, page: 3 });
    expect(answer.body.data.chatHistory).toEqual({ rows: [], total_count: 4 });
  });
});

describe('search counts where the first walk is shortened (the table holds 2,000 rows)', () => {
  beforeAll(async () => {
    await bumpCounters(testApp.db, [HISTORY_COUNTER], -1_000_000);
  });

  for (const word of Object.keys(WORDS) as Word[]) {
    it(`"${word}": the top bar's count and newest rows are a plain count's`, () => expectTopBarAsPlainCount(word));
  }
});
