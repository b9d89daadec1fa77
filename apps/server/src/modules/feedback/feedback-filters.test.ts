import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackRow } from '@steward/contract/feedback';
import { LIST_FILTER_MESSAGES } from '@steward/contract/list-filters';
import type { ApiClient } from '../../test/api-client.ts';
import { insertFeedback } from '../../test/conversation-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Feedback's triage filters (issue 40): days and country, each alone and with the spec's rating tabs and paging. */
let testApp: TestApp;
let viewer: ApiClient;
const ids: number[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  viewer = (await testApp.signedInClient('viewer')).client;
  // 0: DE down on the 1st, 1: DE up on the 2nd, 2: FR down on the 3rd.
  for (const [day, country, rating] of [[1, 'DE', 'down'], [2, 'DE', 'up'], [3, 'FR', 'down']] as const) {
    ids.push((await insertFeedback(testApp.db, { time: new Date(Date.UTC(2030, 0, day, 10)), country, rating, reason: ['Wrong price'] })).id);
  }
});
afterAll(() => testApp.close());

const idsOf = async (path: string) => {
  const answer = await viewer.get(path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ids: (answer.body.data?.rows as unknown as FeedbackRow[]).map((row) => row.id), total: answer.body.data?.total_count };
};

describe('GET /api/all-feedback/{pageIndex}/{rating} with triage filters', () => {
  it.each([
    ['/api/all-feedback/0/?country=DE', [1, 0]],
    ['/api/all-feedback/0?country=fr', [2]],
    ['/api/all-feedback/0/down?country=DE', [0]],
    ['/api/all-feedback/0/up?country=DE', [1]],
    ['/api/all-feedback/0/down?from=2030-01-02', [2]],
    ['/api/all-feedback/0/?from=2030-01-02&to=2030-01-02', [1]],
    ['/api/all-feedback/0/down?to=2030-01-02&country=DE', [0]],
    ['/api/all-feedback/1/down?country=DE', []],
  ] as const)('%s lists exactly those rows with their count', async (path, expected) => {
    const answer = await idsOf(path);
    expect(answer.ids).toEqual(expected.map((index) => ids[index]));
    if (!path.startsWith('/api/all-feedback/1')) expect(answer.total).toBe(expected.length);
  });

  it.each([
    ['?from=yesterday', LIST_FILTER_MESSAGES.dateInvalid],
    ['?from=2030-01-03&to=2030-01-01', LIST_FILTER_MESSAGES.datesReversed],
    ['?country=Germany', LIST_FILTER_MESSAGES.countryInvalid],
    ['?tz=abc&from=2030-01-01', LIST_FILTER_MESSAGES.offsetInvalid],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const answer = await viewer.get(`/api/all-feedback/0/down${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(message);
  });

  it('refuses the filters feedback rows do not carry', async () => {
    expect((await viewer.get('/api/all-feedback/0/?coverage_gaps=true')).status).toBe(400);
  });
});
