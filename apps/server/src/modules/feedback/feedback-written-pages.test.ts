import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RatingFilter, feedbackRow } from '@steward/contract/feedback';
import { filteredPageAnswer } from '@steward/contract/list-filters';
import { PAGE_SIZE } from '@steward/contract/paging';
import { sqlRows } from '../../db/sql-rows.ts';
import { PageAnchors } from '../../lib/page-anchors.ts';
import { maskIf } from '../../lib/personal-data.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost, newSessionId } from '../../test/bot-test-support.ts';
import { insertFeedback, insertHistory } from '../../test/conversation-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { savePersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { maskFeedbackRow, presentFeedbackRow } from './feedback.presenter.ts';
import { findFeedbackPage } from './feedback.repository.ts';

/**
 * Feedback's tabs answer their pages as the database writes them (steward_feedback_shown_page, migration
 * 3740), sent as they are. Those answers must be the very JSON the presenter and the route's schema made of
 * the same page: the reason as JSON.stringify writes its list, odd texts, empty fields, times with
 * microseconds, every tab, deep pages sought from the anchors, and with masking on; a page holding a row the
 * function cannot write (a reason with other than strings) goes the old way.
 */
let testApp: TestApp;
let viewer: ApiClient;

/** Texts that JSON escapes, or that the database and JavaScript could write differently. */
const ODD_TEXT = 'Quote " backslash \\ tab\t newline\n bell\u0007 del\u007f emoji 🦉 é ü \u2028 </script> ": "x", "';
/** Reasons whose JSON text the database must write as JSON.stringify does: no spaces, the same escapes. */
const ODD_REASONS: string[][] = [[], [ODD_TEXT], ['Inaccurate', 'Too long'], ['', ', ', '"', '\\', '\u2028\u2029', '\u001f\b\f\r', '🦉']];
const FILLER = 200;
let ids: number[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  viewer = (await testApp.signedInClient('viewer')).client;
  // The oldest rows: enough for the deep pages, past the anchors' 100 rows, in the Down tab too; every fourth one up.
  const about = await insertHistory(testApp.db, { userMessage: ODD_TEXT, apiResponse: `<p>${ODD_TEXT}</p>` });
  for (let index = 0; index < FILLER; index += 1) {
    await insertFeedback(testApp.db, {
      history: about,
      rating: index % 4 === 0 ? 'up' : 'down',
      reason: ODD_REASONS[index % ODD_REASONS.length],
      userFeedback: index % 3 === 0 ? '' : `${ODD_TEXT} ${index}`,
      time: new Date(Date.UTC(2020, 0, 1, 0, index)),
      country: index % 2 === 0 ? 'GB' : '',
      userIp: index % 5 === 0 ? '' : '203.0.113.9',
    });
  }
  const oldest = await sqlRows<{ id: number }>(testApp.db, sql`SELECT id FROM feedback ORDER BY time, id`);
  // A time with microseconds (toISOString and the function both drop them); reasons that are not lists ('[]' both ways).
  await testApp.db.execute(sql`UPDATE feedback SET time = '2020-01-01 00:30:00.123999+00' WHERE id = ${oldest[30]?.id ?? 0}`);
  await testApp.db.execute(sql`UPDATE feedback SET reason = '{"a": 1}' WHERE id = ${oldest[40]?.id ?? 0}`);
  await testApp.db.execute(sql`UPDATE feedback SET reason = '"Inaccurate"' WHERE id = ${oldest[41]?.id ?? 0}`);

  // The newest rows, through the bot API as the chatbot sends them.
  const rated = async (body: Record<string, unknown>, message = ODD_TEXT): Promise<number> => {
    const exchange = await botPost(testApp, '/api/bot/messages', {
      session_id: newSessionId(),
      user_message: message,
      api_response: `<p>${ODD_TEXT}</p>`,
      time: body.time,
    });
    expect(exchange.status, JSON.stringify(exchange.body)).toBe(200);
    const answer = await botPost(testApp, '/api/bot/feedback', { history_id: exchange.body.data?.rows[0]?.id, ...body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data?.rows[0]?.id as number;
  };
  ids = [
    await rated({ rating: 'down', reason: ODD_REASONS[3], user_feedback: ODD_TEXT, user_ip: '81.2.69.160', time: '2031-01-01T10:00:00.123Z' }),
    await rated({ rating: 'up', time: '2031-01-01T10:00:01Z' }, 'Mail me at ann@example.com or call +44 7700 900123'),
    await rated({ rating: 'down', reason: [ODD_TEXT, '李 小龍'], user_feedback: 'Call me on +44 7700 900123', time: '2031-01-01T10:00:02.999Z' }),
  ];
});
afterAll(() => testApp.close());

const pageSize = PAGE_SIZE.feedback;
const pathOf = (rating: RatingFilter, pageIndex: number) => `/api/all-feedback/${pageIndex}/${rating}`;

/** The page as the presenter and the route's schema answered it before migration 3740 (and still do when it falls back). */
async function presented(rating: RatingFilter, pageIndex: number, masked = false) {
  const page = await findFeedbackPage(testApp.db, new PageAnchors(), { rating, filters: { tz: 0 }, pageIndex, pageSize });
  const shown = maskIf(masked, maskFeedbackRow);
  return filteredPageAnswer(feedbackRow).parse({
    success: true,
    data: { rows: page.records.map((record) => shown(presentFeedbackRow(record, page.totalCount))), total_count: page.totalCount, total_count_capped: page.capped },
  });
}
type PageAnswer = Awaited<ReturnType<typeof presented>>;

/** The page as steward_feedback_shown_page writes it, read from the top, and whether it could. */
async function written(rating: RatingFilter, pageIndex: number): Promise<{ text: string; ready: boolean }> {
  const [answer] = await sqlRows<{ total_count: string | number; page: string; ready: boolean }>(testApp.db, sql`
    SELECT total_count, page, ready FROM steward_feedback_shown_page(${rating}, NULL, NULL, NULL, 0, 'infinity', 9223372036854775807, ${pageIndex * pageSize}, ${pageSize})`);
  if (!answer) throw new Error('The page function answered nothing.');
  return { text: `{"success":true,"data":{"rows":${answer.page},"total_count":${Number(answer.total_count)},"total_count_capped":false}}`, ready: answer.ready };
}

/**
 * Asks for the page and holds its answer to the presenter's: the same JSON value, and the very bytes the page
 * function wrote (or, when it could not write a row, the bytes the route's schema writes). Answers whether it was written.
 */
async function expectPresented(rating: RatingFilter, pageIndex: number, path = pathOf(rating, pageIndex)): Promise<boolean> {
  const answer = await viewer.getText(path);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const expected = await presented(rating, pageIndex);
  expect(JSON.parse(answer.text)).toStrictEqual(expected);
  const page = await written(rating, pageIndex);
  expect(answer.text).toBe(page.ready ? page.text : JSON.stringify(expected));
  return page.ready;
}

const pageCount = async (rating: RatingFilter) => Math.ceil((await presented(rating, 0)).data.total_count / pageSize);

describe("Feedback's pages written by the database", () => {
  it("are the presenter's answer, byte for byte as the function wrote them, on every page of every tab", async () => {
    for (const rating of ['', 'down', 'up'] as const) {
      const pages = await pageCount(rating);
      expect(pages).toBeGreaterThan(rating === 'up' ? 1 : 4);
      // The deep pages first, so they are sought from anchors walked for them; then every page, page 0 last.
      for (let pageIndex = pages; pageIndex >= 0; pageIndex -= 1) expect(await expectPresented(rating, pageIndex)).toBe(true);
    }
    // The spec's paths without the rating segment, and with it empty.
    expect(await expectPresented('', 0, '/api/all-feedback/0')).toBe(true);
    expect(await expectPresented('', 6, '/api/all-feedback/6/')).toBe(true);

    const first = (await presented('', 0)).data.rows;
    expect(first.slice(0, 3).map((row) => row.id)).toEqual(ids.toReversed());
    expect(first[2]).toMatchObject({ reason: JSON.stringify(ODD_REASONS[3]), user_feedback: ODD_TEXT, time: '2031-01-01T10:00:00.123Z', user_ip: '81.2.69.160' });
    expect(first[1]).toMatchObject({ reason: '[]', user_feedback: '', user_ip: '', rating: 'up' });
    const deep = (await presented('', 5)).data.rows;
    expect(deep.find((row) => row.time === '2020-01-01T00:30:00.123Z')).toBeDefined();
    expect(deep.filter((row) => row.reason === '[]').length).toBeGreaterThan(2);
  });

  it('stay right on a deep page after a new rating moves the anchors down', async () => {
    expect(await expectPresented('', 5)).toBe(true);
    expect(await expectPresented('down', 4)).toBe(true);
    const [exchange] = await sqlRows<{ id: string | number }>(testApp.db, sql`SELECT id FROM history ORDER BY id DESC LIMIT 1`);
    const answer = await botPost(testApp, '/api/bot/feedback', { history_id: Number(exchange?.id), rating: 'down', reason: ['Newest'], time: '2031-02-01T00:00:00Z' });
    expect(answer.status).toBe(200);
    expect(await expectPresented('', 5)).toBe(true);
    expect(await expectPresented('down', 4)).toBe(true);
  });

  it('are masked as the presenter masks them when masking is on', async () => {
    await savePersonalDataMasking(testApp.db, true);
    try {
      for (const [rating, pageIndex] of [['', 0], ['', 5], ['down', 4]] as const) {
        const answer = await viewer.getText(pathOf(rating, pageIndex));
        expect(answer.status).toBe(200);
        const expected = await presented(rating, pageIndex, true);
        expect(JSON.parse(answer.text)).toStrictEqual(expected);
        expect(answer.text).toBe(JSON.stringify(expected));
      }
      const rows = (JSON.parse((await viewer.getText(pathOf('', 0))).text) as PageAnswer).data.rows;
      expect(rows.find((row) => row.id === ids[0])?.user_ip).not.toBe('81.2.69.160');
      expect(rows.find((row) => row.id === ids[1])?.user_message).not.toContain('ann@example.com');
      expect(rows.find((row) => row.id === ids[2])?.user_feedback).not.toContain('7700 900123');
    } finally {
      await savePersonalDataMasking(testApp.db, false);
    }
  });

  it('fall back to the presenter for a page holding a reason with other than strings, and under the triage filters', async () => {
    const [oldest] = await sqlRows<{ id: number }>(testApp.db, sql`SELECT id FROM feedback ORDER BY time, id LIMIT 1`);
    // JSON.stringify writes 1.50 as 1.5, and an object's keys without spaces: such a page is presented in code.
    await testApp.db.execute(sql`UPDATE feedback SET reason = '[1.50, null, "x", {"b": [2, "c"]}]' WHERE id = ${oldest?.id ?? 0}`);
    const last = (await pageCount('')) - 1;
    expect(await expectPresented('', last)).toBe(false);
    expect(await expectPresented('', last - 1)).toBe(true);
    const rows = (await presented('', last)).data.rows;
    expect(rows.at(-1)?.reason).toBe('[1.5,null,"x",{"b":[2,"c"]}]');

    const filtered = await viewer.get('/api/all-feedback/0/down?country=GB');
    expect(filtered.status).toBe(200);
    const page = await findFeedbackPage(testApp.db, new PageAnchors(), { rating: 'down', filters: { tz: 0, country: 'GB' }, pageIndex: 0, pageSize });
    expect(filtered.body.data?.rows).toStrictEqual(page.records.map((record) => presentFeedbackRow(record, page.totalCount)));
  });
});
