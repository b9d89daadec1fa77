import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HelpRequestStatusFilter, helpRequestPageAnswer } from '@steward/contract/help-requests';
import { sqlRows } from '../../db/sql-rows.ts';
import { bumpCounters } from '../../lib/list-counters.ts';
import { PageAnchors } from '../../lib/page-anchors.ts';
import { maskIf } from '../../lib/personal-data.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { savePersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { HELP_REQUEST_COUNTERS } from './help-requests.counters.ts';
import { maskHelpRequest } from './help-requests.presenter.ts';
import { findHelpRequestPage, insertHelpRequest } from './help-requests.repository.ts';

/**
 * Help Requests' tabs answer their pages as the database writes them (steward_help_requests_shown_page,
 * migration 3740), sent as they are. Those answers must be the very JSON the presenter and the route's schema
 * made of the same page, for odd texts, a missing origin, times with microseconds, every tab, deep pages
 * sought from the anchors, and with masking on; a page holding a row the function cannot write goes the old way.
 */
let testApp: TestApp;
let viewer: ApiClient;
let admin: ApiClient;

/** Texts that JSON escapes, or that the database and JavaScript could write differently. */
const ODD_TEXT = 'Quote " backslash \\ tab\t newline\n bell\u0007 del\u007f emoji 🦉 é ü \u2028 </script> ": "x", "';
const FILLER = 200;
let ids: number[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  viewer = (await testApp.signedInClient('viewer')).client;
  admin = (await testApp.signedInClient('admin')).client;
  // The oldest rows: enough for the deep pages, past the anchors' 100 rows, in the Pending tab too; every fourth one resolved.
  await testApp.db.transaction(async (tx) => {
    for (let index = 0; index < FILLER; index += 1) {
      await insertHelpRequest(tx, {
        name: `Visitor ${index} ${index % 2 === 0 ? ODD_TEXT : 'Zoë'}`,
        email: `visitor${index}@example.com`,
        message: index % 3 === 0 ? ODD_TEXT : `Help ${index}\r\n"quoted"`,
        origin_url: index % 4 === 0 ? null : `https://shop.example.com/p?q="${index}"&x=\\`,
        user_ip: index % 5 === 0 ? undefined : '203.0.113.9',
        time: new Date(Date.UTC(2020, 0, 1, 0, index)),
        country: index % 2 === 0 ? 'GB' : '',
      });
    }
  });
  const oldest = await sqlRows<{ id: number }>(testApp.db, sql`SELECT id FROM help_requests ORDER BY time, id`);
  await testApp.db.execute(sql`
    UPDATE help_requests SET status = 'resolved' WHERE id = ANY(${`{${oldest.filter((_, index) => index % 4 === 0).map((row) => row.id).join(',')}}`}::int[])`);
  await bumpCounters(testApp.db, [HELP_REQUEST_COUNTERS.pending], -FILLER / 4);
  await bumpCounters(testApp.db, [HELP_REQUEST_COUNTERS.resolved], FILLER / 4);
  // A time with microseconds: toISOString and the function both drop them.
  await testApp.db.execute(sql`UPDATE help_requests SET time = '2020-01-01 00:30:00.123999+00' WHERE id = ${oldest[30]?.id ?? 0}`);

  // The newest rows, through the bot API as the chatbot sends them.
  const sent = async (body: Record<string, unknown>): Promise<number> => {
    const answer = await botPost(testApp, '/api/bot/help-requests', { email: 'ann@example.com', ...body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data?.rows[0]?.id as number;
  };
  ids = [
    await sent({ name: `Ann ${ODD_TEXT}`, message: ODD_TEXT, origin_url: 'https://shop.example.com/a?b="c"', user_ip: '81.2.69.160', time: '2031-01-01T10:00:00.123Z' }),
    await sent({ name: 'Bob', email: "o'brien+tag@example.com", message: 'Call me on +44 7700 900123', origin_url: null, time: '2031-01-01T10:00:01Z' }),
    await sent({ name: '李 小龍', message: '\u00a0 spaces \u3000 and \\n not a newline', time: '2031-01-01T10:00:02.999Z' }),
  ];
  const resolved = await admin.post(`/api/help-requests/${ids[1]}/resolve`);
  expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
});
afterAll(() => testApp.close());

const PAGE_SIZE = 30;
const pathOf = (status: HelpRequestStatusFilter, pageIndex: number) => `/api/all-help-requests/${pageIndex}/${status}`;

/** The page as the presenter and the route's schema answered it before migration 3740 (and still do when it falls back). */
async function presented(status: HelpRequestStatusFilter, pageIndex: number, masked = false) {
  const page = await findHelpRequestPage(testApp.db, new PageAnchors(), { status, filters: { tz: 0 }, pageIndex });
  const shown = maskIf(masked, maskHelpRequest);
  return helpRequestPageAnswer.parse({
    success: true,
    data: { rows: page.rows.map((row) => ({ ...shown(row), total_count: page.totalCount })), total_count: page.totalCount, total_count_capped: page.capped },
  });
}

/** The page as steward_help_requests_shown_page writes it, read from the top, and whether it could. */
async function written(status: HelpRequestStatusFilter, pageIndex: number): Promise<{ text: string; ready: boolean }> {
  const [answer] = await sqlRows<{ total_count: string | number; page: string; ready: boolean }>(testApp.db, sql`
    SELECT total_count, page, ready FROM steward_help_requests_shown_page(${status}, NULL, NULL, NULL, 0, 'infinity', 9223372036854775807, ${pageIndex * PAGE_SIZE}, ${PAGE_SIZE})`);
  if (!answer) throw new Error('The page function answered nothing.');
  return { text: `{"success":true,"data":{"rows":${answer.page},"total_count":${Number(answer.total_count)},"total_count_capped":false}}`, ready: answer.ready };
}

/**
 * Asks for the page and holds its answer to the presenter's: the same JSON value, and the very bytes the page
 * function wrote (or, when it could not write a row, the bytes the route's schema writes). Answers whether it was written.
 */
async function expectPresented(status: HelpRequestStatusFilter, pageIndex: number): Promise<boolean> {
  const answer = await viewer.getText(pathOf(status, pageIndex));
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const expected = await presented(status, pageIndex);
  expect(JSON.parse(answer.text)).toStrictEqual(expected);
  const page = await written(status, pageIndex);
  expect(answer.text).toBe(page.ready ? page.text : JSON.stringify(expected));
  return page.ready;
}

type PageAnswer = Awaited<ReturnType<typeof presented>>;

const pageCount = async (status: HelpRequestStatusFilter) => Math.ceil((await presented(status, 0)).data.total_count / PAGE_SIZE);

describe("Help Requests' pages written by the database", () => {
  it("are the presenter's answer, byte for byte as the function wrote them, on every page of every tab", async () => {
    for (const status of ['', 'pending', 'resolved'] as const) {
      const pages = await pageCount(status);
      expect(pages).toBeGreaterThan(status === 'resolved' ? 1 : 4);
      // The deep pages first, so they are sought from anchors walked for them; then every page, page 0 last.
      for (let pageIndex = pages; pageIndex >= 0; pageIndex -= 1) expect(await expectPresented(status, pageIndex)).toBe(true);
    }
    const first = (await presented('', 0)).data.rows;
    expect(first.slice(0, 3).map((row) => row.id)).toEqual(ids.toReversed());
    expect(first[2]).toMatchObject({ message: ODD_TEXT, time: '2031-01-01T10:00:00.123Z', user_ip: '81.2.69.160' });
    expect(first[1]).toMatchObject({ origin_url: null, status: 'resolved', user_ip: '' });
    const deep = (await presented('', 5)).data.rows;
    expect(deep.some((row) => row.time === '2020-01-01T00:30:00.123Z')).toBe(true);
  });

  it('stay right on a deep page after a new request moves the anchors down, and after a status change', async () => {
    expect(await expectPresented('', 5)).toBe(true);
    expect(await expectPresented('pending', 4)).toBe(true);
    const answer = await botPost(testApp, '/api/bot/help-requests', { name: 'Newest', email: 'new@example.com', message: ODD_TEXT, time: '2031-02-01T00:00:00Z' });
    expect(answer.status).toBe(200);
    expect(await expectPresented('', 5)).toBe(true);
    expect(await expectPresented('pending', 4)).toBe(true);
    expect((await admin.post(`/api/help-requests/${ids[0]}/resolve`)).status).toBe(200);
    expect(await expectPresented('pending', 4)).toBe(true);
    expect(await expectPresented('resolved', 1)).toBe(true);
  });

  it('are masked as the presenter masks them when masking is on', async () => {
    await savePersonalDataMasking(testApp.db, true);
    try {
      for (const [status, pageIndex] of [['', 0], ['', 5], ['pending', 4]] as const) {
        const answer = await viewer.getText(pathOf(status, pageIndex));
        expect(answer.status).toBe(200);
        const expected = await presented(status, pageIndex, true);
        expect(JSON.parse(answer.text)).toStrictEqual(expected);
        expect(answer.text).toBe(JSON.stringify(expected));
      }
      const [first] = (await presented('', 0, true)).data.rows;
      const rows = (JSON.parse((await viewer.getText(pathOf('', 0))).text) as PageAnswer).data.rows;
      expect(rows.map((row) => row.email)).not.toContain('ann@example.com');
      expect(rows.find((row) => row.id === ids[0])?.user_ip).not.toBe('81.2.69.160');
      expect(rows.find((row) => row.id === ids[1])?.message).not.toContain('7700 900123');
      expect(first?.name).toBe('Newest');
    } finally {
      await savePersonalDataMasking(testApp.db, false);
    }
  });

  it('fall back to the presenter for a page holding a row the function cannot write, and under the triage filters', async () => {
    // A year before the first: to_char and toISOString would write it differently.
    const [oldest] = await sqlRows<{ id: number }>(testApp.db, sql`SELECT id FROM help_requests ORDER BY time, id LIMIT 1`);
    await testApp.db.execute(sql`UPDATE help_requests SET time = '0044-03-15 12:00:00+00 BC' WHERE id = ${oldest?.id ?? 0}`);
    const last = (await pageCount('')) - 1;
    expect(await expectPresented('', last)).toBe(false);
    expect(await expectPresented('', last - 1)).toBe(true);

    const filtered = await viewer.get('/api/all-help-requests/0/?country=GB');
    expect(filtered.status).toBe(200);
    const page = await findHelpRequestPage(testApp.db, new PageAnchors(), { status: '', filters: { tz: 0, country: 'GB' }, pageIndex: 0 });
    expect(filtered.body.data?.rows).toStrictEqual(page.rows.map((row) => ({ ...row, total_count: page.totalCount })));
  });
});
