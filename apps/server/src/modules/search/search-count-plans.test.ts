import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, type SearchResults, TOP_BAR_COUNT_CAP } from '@steward/contract/search';
import { history } from '../../db/schema.ts';
import { bumpCounters } from '../../lib/list-counters.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { HISTORY_COUNTER } from '../history/history.counters.ts';

/**
 * Every way of counting (planCount) gives the answer a plain count would: 2,000 rows, each word at its
 * own frequency, in a table the counters say holds a million rows, so that each plan is taken.
 */
const ROWS = 2000;
const WORDS = {
  alpha: (index: number) => index % 4 === 0, // 25 %: common among the newest rows already
  bravo: (index: number) => index % 12 === 0, // 8 %: the walk along the newest rows reaches the cap
  charlie: (index: number) => index % 40 === 0, // 2.5 %: the walk ends before the cap, the index counts
  delta: (index: number) => index % 500 === 0, // 0.2 %: counted from the index at once
  echo: (index: number) => index < 150, // only among the oldest rows: the probe sees none
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

describe('search counts, whichever plan counts them', () => {
  for (const word of Object.keys(WORDS) as Word[]) {
    it(`"${word}": the top bar's count and newest rows are a plain count's`, async () => {
      const answer = await viewer.post<{ data: SearchResults }>('/api/search', { search: `${word} `, limit: 5, page: 0 });
      const { total, newest } = expected(word, TOP_BAR_COUNT_CAP, 5);
      expect(answer.body.data.chatHistory.total_count).toBe(total);
      expect(answer.body.data.chatHistory.rows.map((row) => row.session_id)).toEqual(newest);
    });

    it(`"${word}": the results page's count is a plain count's`, async () => {
      const answer = await viewer.post<{ data: { rows: { session_id: string; total_count: number }[] } }>('/api/search/history', { search: word, page: 0 });
      const { total, newest } = expected(word, SEARCH_COUNT_CAP, 20);
      expect(answer.body.data.rows[0]?.total_count).toBe(total);
      expect(answer.body.data.rows.map((row) => row.session_id)).toEqual(newest);
    });
  }
});
