import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryRow } from '@steward/contract/history';
import { LIST_FILTER_MESSAGES } from '@steward/contract/list-filters';
import type { ApiBody, ApiClient } from '../../test/api-client.ts';
import { insertFeedback, insertHistory, insertSessionHelpRequest } from '../../test/conversation-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** History's triage filters (issue 40) through the real HTTP stack, each alone, combined, paged and refused. */
let testApp: TestApp;
let viewer: ApiClient;
const ids: Record<'deShopDown' | 'frBlogUp' | 'deShopGap' | 'usNone', number> = { deShopDown: 0, frBlogUp: 0, deShopGap: 0, usNone: 0 };

beforeAll(async () => {
  testApp = await createTestApp();
  viewer = (await testApp.signedInClient('viewer')).client;
  const deShopDown = await insertHistory(testApp.db, { time: new Date('2030-01-01T10:00:00Z'), country: 'DE', origin: 'https://Shop.example.com/a' });
  const frBlogUp = await insertHistory(testApp.db, { time: new Date('2030-01-02T10:00:00Z'), country: 'FR', origin: 'https://blog.example.org/x?y=1' });
  const deShopGap = await insertHistory(testApp.db, { time: new Date('2030-01-03T10:00:00Z'), country: 'DE', origin: 'https://shop.example.com/b', coverageGap: true });
  const usNone = await insertHistory(testApp.db, { time: new Date('2030-01-04T10:00:00Z'), country: 'US', origin: null });
  await insertFeedback(testApp.db, { history: deShopDown, rating: 'down' });
  await insertFeedback(testApp.db, { history: frBlogUp, rating: 'up' });
  await insertSessionHelpRequest(testApp.db, deShopDown.sessionId);
  Object.assign(ids, { deShopDown: deShopDown.id, frBlogUp: frBlogUp.id, deShopGap: deShopGap.id, usNone: usNone.id });
});
afterAll(() => testApp.close());

const page = async (query: string, pageIndex = 0) => {
  const answer = await viewer.get(`/api/all-history/${pageIndex}${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const data = answer.body.data as ApiBody['data'] & { total_count: number; total_count_capped: boolean };
  return { ids: (data.rows as unknown as HistoryRow[]).map((row) => row.id), rows: data.rows as unknown as HistoryRow[], total: data.total_count, capped: data.total_count_capped };
};

describe('GET /api/all-history/{pageIndex} with triage filters', () => {
  it('answers the badges on every row: the thumb, the coverage gap and the help request', async () => {
    const { rows, total, capped } = await page('');
    expect(total).toBe(4);
    expect(capped).toBe(false);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids.deShopDown)).toMatchObject({ rating: 'down', help_request: true, coverage_gap: false });
    expect(byId.get(ids.frBlogUp)).toMatchObject({ rating: 'up', help_request: false });
    expect(byId.get(ids.deShopGap)).toMatchObject({ rating: null, coverage_gap: true, help_request: false });
  });

  it.each([
    ['?from=2030-01-02', ['usNone', 'deShopGap', 'frBlogUp']],
    ['?to=2030-01-02', ['frBlogUp', 'deShopDown']],
    ['?from=2030-01-02&to=2030-01-02', ['frBlogUp']],
    // Days are the viewer's: at UTC−12 the 2nd runs from 12:00 UTC on the 2nd to 12:00 UTC on the 3rd.
    ['?from=2030-01-02&to=2030-01-02&tz=-12', ['deShopGap']],
    ['?rating=down', ['deShopDown']],
    ['?rating=up', ['frBlogUp']],
    ['?coverage_gaps=true', ['deShopGap']],
    ['?help_request=true', ['deShopDown']],
    ['?help_request=false', ['usNone', 'deShopGap', 'frBlogUp']],
    ['?origin=https://shop.example.com', ['deShopGap', 'deShopDown']],
    ['?origin=https://SHOP.example.com/', ['deShopGap', 'deShopDown']],
    ['?origin=https://blog.example.org', ['frBlogUp']],
    ['?country=de', ['deShopGap', 'deShopDown']],
    ['?country=US', ['usNone']],
    ['?country=DE&rating=down', ['deShopDown']],
    ['?country=DE&coverage_gaps=true', ['deShopGap']],
    ['?origin=https://shop.example.com&help_request=false&from=2030-01-03', ['deShopGap']],
    ['?country=JP', []],
  ] as const)('%s lists exactly those rows, newest first, with their count', async (query, expected) => {
    const answer = await page(query);
    expect(answer.ids).toEqual(expected.map((name) => ids[name]));
    expect(answer.total).toBe(expected.length);
    expect(answer.rows.every((row) => row.total_count === expected.length)).toBe(true);
  });

  it.each([
    ['?from=2030-13-01', LIST_FILTER_MESSAGES.dateInvalid],
    ['?from=2030-02-30', LIST_FILTER_MESSAGES.dateInvalid],
    ['?from=2030-01-03&to=2030-01-02', LIST_FILTER_MESSAGES.datesReversed],
    ['?from=2030-01-01&tz=15', LIST_FILTER_MESSAGES.offsetInvalid],
    ['?rating=sideways', LIST_FILTER_MESSAGES.ratingInvalid],
    ['?coverage_gaps=yes', 'coverage_gaps must be true or false.'],
    ['?help_request=1', 'help_request must be true or false.'],
    ['?origin=ftp://shop.example.com', LIST_FILTER_MESSAGES.originInvalid],
    ['?origin=https://shop.example.com/path', LIST_FILTER_MESSAGES.originInvalid],
    ['?country=DEU', LIST_FILTER_MESSAGES.countryInvalid],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const answer = await viewer.get(`/api/all-history/0${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(message);
  });

  it('refuses a filter it does not know', async () => {
    const answer = await viewer.get('/api/all-history/0?colour=red');
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
  });
});

describe('triage filters and paging', () => {
  it('pages a filtered list 30 at a time with the filtered count', async () => {
    const pagingApp = await createTestApp();
    try {
      for (let index = 0; index < 35; index += 1) {
        await insertHistory(pagingApp.db, { time: new Date(Date.UTC(2031, 0, 1, 0, index)), country: index < 32 ? 'JP' : 'KR' });
      }
      const { client } = await pagingApp.signedInClient('viewer');
      const first = await client.get('/api/all-history/0?country=JP');
      const second = await client.get('/api/all-history/1?country=JP');
      const firstRows = first.body.data?.rows as unknown as HistoryRow[];
      const secondRows = second.body.data?.rows as unknown as HistoryRow[];
      expect(firstRows).toHaveLength(30);
      expect(secondRows).toHaveLength(2);
      expect(new Set([...firstRows, ...secondRows].map((row) => row.id)).size).toBe(32);
      expect(first.body.data?.total_count).toBe(32);
      expect(second.body.data?.total_count).toBe(32);
      const all = await client.get('/api/all-history/1?from=2031-01-01');
      expect(all.body.data?.rows).toHaveLength(5);
      expect(all.body.data?.total_count).toBe(35);
    } finally {
      await pagingApp.close();
    }
  });

  it("answers the same badges from the page function (every row, coverage gaps only) and under the filters: an answer's latest thumb, its session's help request", async () => {
    const badgesApp = await createTestApp();
    try {
      const rated = await insertHistory(badgesApp.db, { time: new Date('2032-01-01T10:00:00Z'), country: 'NO' });
      const gap = await insertHistory(badgesApp.db, { time: new Date('2032-01-02T10:00:00Z'), country: 'NO', coverageGap: true });
      await insertFeedback(badgesApp.db, { history: rated, rating: 'up' });
      await insertFeedback(badgesApp.db, { history: rated, rating: 'down' });
      await insertSessionHelpRequest(badgesApp.db, gap.sessionId, 'Bo');
      const { client } = await badgesApp.signedInClient('viewer');
      const badgesOf = async (query: string) => {
        const answer = await client.get(`/api/all-history/0${query}`);
        return (answer.body.data?.rows as unknown as HistoryRow[]).map((row) => ({ id: row.id, rating: row.rating, help_request: row.help_request }));
      };
      const both = [
        { id: gap.id, rating: null, help_request: true },
        { id: rated.id, rating: 'down', help_request: false },
      ];
      expect(await badgesOf('')).toEqual(both);
      expect(await badgesOf('?country=NO')).toEqual(both);
      expect(await badgesOf('?coverage_gaps=true')).toEqual([both[0]]);
    } finally {
      await badgesApp.close();
    }
  });
});
