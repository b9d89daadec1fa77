import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HelpRequest } from '@steward/contract/help-requests';
import { LIST_FILTER_MESSAGES } from '@steward/contract/list-filters';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Help Requests' triage filters (issue 40): days, country, site; with the spec's status tabs and paging. */
let testApp: TestApp;
let admin: ApiClient;
const ids: number[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = (await testApp.signedInClient('admin')).client;
  const seeds = [
    [1, '81.2.69.160', 'https://shop.example.com/help'],
    [2, '81.2.69.160', 'https://blog.example.org/'],
    [3, '2.125.160.216', 'https://shop.example.com/other'],
  ] as const;
  for (const [day, userIp, originUrl] of seeds) {
    const answer = await botPost(testApp, '/api/bot/help-requests', {
      name: `Visitor ${day}`,
      email: `visitor${day}@example.com`,
      message: `Help ${day}`,
      origin_url: originUrl,
      user_ip: userIp,
      time: new Date(Date.UTC(2030, 0, day, 10)).toISOString(),
    });
    expect(answer.status).toBe(200);
    ids.push(answer.body.data?.rows[0]?.id as number);
  }
  // The first is resolved: the Resolved and Pending tabs then differ.
  expect((await admin.post(`/api/help-requests/${ids[0]}/resolve`)).status).toBe(200);
});
afterAll(() => testApp.close());

const idsOf = async (path: string) => {
  const answer = await admin.get(path);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ids: (answer.body.data?.rows as unknown as HelpRequest[]).map((row) => row.id), total: answer.body.data?.total_count, capped: answer.body.data?.total_count_capped };
};

describe('GET /api/all-help-requests/{pageIndex}/{status} with triage filters', () => {
  it('knows the countries of the seeded addresses', async () => {
    const answer = await admin.get(`/api/help-requests/${ids[0]}`);
    expect(answer.body.data?.rows[0]?.country).toBe('GB');
  });

  it.each([
    ['/api/all-help-requests/0/?origin=https://shop.example.com', [2, 0]],
    ['/api/all-help-requests/0?origin=https://blog.example.org', [1]],
    ['/api/all-help-requests/0/pending?origin=https://shop.example.com', [2]],
    ['/api/all-help-requests/0/resolved?origin=https://shop.example.com', [0]],
    ['/api/all-help-requests/0/?from=2030-01-02', [2, 1]],
    ['/api/all-help-requests/0/pending?to=2030-01-02', [1]],
    ['/api/all-help-requests/0/?country=GB&to=2030-01-02', [1, 0]],
    ['/api/all-help-requests/1/?country=GB', []],
  ] as const)('%s lists exactly those rows with their count', async (path, expected) => {
    const answer = await idsOf(path);
    expect(answer.ids).toEqual(expected.map((index) => ids[index]));
    expect(answer.capped).toBe(false);
    if (!path.startsWith('/api/all-help-requests/1')) expect(answer.total).toBe(expected.length);
  });

  it.each([
    ['?origin=shop.example.com', LIST_FILTER_MESSAGES.originInvalid],
    ['?to=2030-1-1', LIST_FILTER_MESSAGES.dateInvalid],
    ['?country=1A', LIST_FILTER_MESSAGES.countryInvalid],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const answer = await admin.get(`/api/all-help-requests/0/pending${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(message);
  });
});
