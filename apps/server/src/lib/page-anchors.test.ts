import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { history } from '../db/schema.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { insertFeedback, insertHistory, insertManyHistory } from '../test/conversation-factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { feedbackList } from '../modules/feedback/feedback.repository.ts';
import { changeHelpRequestStatus } from '../modules/help-requests/help-requests.actions.ts';
import { helpRequestList } from '../modules/help-requests/help-requests.repository.ts';
import { historyList } from '../modules/history/history.repository.ts';
import { bumpCounters } from './list-counters.ts';
import { PageAnchors, readAlongside, type AnchoredList } from './page-anchors.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  await insertManyHistory(testApp.db, 100);
});
afterAll(() => testApp.close());

const pageIds = async (anchors: PageAnchors, list: AnchoredList, offset: number, limit: number) =>
  (await anchors.readPage<{ id: number }>(testApp.db, list, offset, limit)).rows.map((row) => row.id);

/** The truth: a plain OFFSET over the whole list. */
const offsetIds = async (list: AnchoredList, offset: number, limit: number) =>
  (
    await sqlRows<{ id: number | string }>(testApp.db, sql`
      SELECT id FROM ${list.table} ${list.filter ? sql`WHERE ${list.filter}` : sql``}
      ORDER BY time DESC, id DESC LIMIT ${limit} OFFSET ${offset}`)
  ).map((row) => Number(row.id));

async function expectEveryPageRight(anchors: PageAnchors, list: AnchoredList, rows: number) {
  for (let offset = 0; offset <= rows + 3; offset += 1) {
    expect(await pageIds(anchors, list, offset, 5), `offset ${offset}`).toEqual(await offsetIds(list, offset, 5));
  }
}

const rebuildsOf = (anchors: PageAnchors) => vi.spyOn(anchors as unknown as { rebuild: () => Promise<unknown> }, 'rebuild');

describe('PageAnchors', () => {
  it('answers the same pages as OFFSET, seeking from anchors', async () => {
    const anchors = new PageAnchors(7);
    await expectEveryPageRight(anchors, historyList, 100);
  });

  it("reads the value it is given alongside the page, from the top and from an anchor, and null without one", async () => {
    const anchors = new PageAnchors(7);
    const alongside = sql`41 + 1`;
    for (const offset of [0, 30, 30]) {
      const page = await anchors.readPage<{ id: number }>(testApp.db, historyList, offset, 5, alongside);
      expect(page.alongside).toBe(42);
      expect(page.rows.map((row) => row.id)).toEqual(await offsetIds(historyList, offset, 5));
    }
    expect((await anchors.readPage(testApp.db, historyList, 30, 5)).alongside).toBeNull();
    expect(await readAlongside(testApp.db, alongside)).toBe(42);
    expect(await readAlongside(testApp.db, undefined)).toBeNull();
  });

  it('keeps its anchors while rows arrive above them, moving them down', async () => {
    const anchors = new PageAnchors(7);
    await pageIds(anchors, historyList, 99, 5);
    const rebuilds = rebuildsOf(anchors);
    await insertHistory(testApp.db, { time: new Date('2030-01-01T00:00:00Z') });
    await insertHistory(testApp.db, { time: new Date('2030-01-01T00:01:00Z') });
    await expectEveryPageRight(anchors, historyList, 102);
    expect(rebuilds).not.toHaveBeenCalled();
  });

  it('rebuilds when a row arrives below the top anchor (out of order) or rows disappear', async () => {
    const anchors = new PageAnchors(7);
    await pageIds(anchors, historyList, 90, 5);
    const rebuilds = rebuildsOf(anchors);
    await insertHistory(testApp.db, { time: new Date('2026-01-01T00:30:30Z') });
    await expectEveryPageRight(anchors, historyList, 103);
    expect(rebuilds).toHaveBeenCalled();

    rebuilds.mockClear();
    const [oldest] = await testApp.db.select({ id: history.id }).from(history).orderBy(history.time).limit(1);
    await testApp.db.transaction(async (tx) => {
      await tx.delete(history).where(sql`id = ${oldest?.id ?? 0}`);
      await bumpCounters(tx, ['history'], -1);
    });
    await insertHistory(testApp.db, { time: new Date('2031-01-01T00:00:00Z') });
    await expectEveryPageRight(anchors, historyList, 103);
    expect(rebuilds).toHaveBeenCalled();
  });

  it('pages a filtered list by its own counter', async () => {
    for (let index = 0; index < 40; index += 1) {
      await insertFeedback(testApp.db, { rating: index % 3 === 0 ? 'up' : 'down', time: new Date(Date.UTC(2026, 5, 1, 0, index)) });
    }
    const anchors = new PageAnchors(4);
    for (const rating of ['up', 'down'] as const) {
      await expectEveryPageRight(anchors, feedbackList(rating), 30);
    }
  });
});

describe('PageAnchors over help requests', () => {
  it('keeps every page of every status right while requests are resolved and reopened', async () => {
    await sqlRows(testApp.db, sql`
      INSERT INTO help_requests (name, email, message, time)
      SELECT 'Visitor ' || n, 'visitor' || n || '@example.com', 'Help ' || n, timestamptz '2026-03-01' + n * interval '1 minute'
      FROM generate_series(1, 40) AS n`);
    await bumpCounters(testApp.db, ['help_requests', 'help_requests:pending'], 40);
    const ids = (await sqlRows<{ id: number }>(testApp.db, sql`SELECT id FROM help_requests ORDER BY id`)).map((row) => row.id);
    const { user } = await testApp.signedInClient('admin');
    const actor = { id: user.id, name: user.name, email: user.email, ip: '127.0.0.1' };
    const anchors = new PageAnchors(4);
    const lists = [helpRequestList(''), helpRequestList('pending'), helpRequestList('resolved')];
    for (const list of lists) await expectEveryPageRight(anchors, list, 40);

    for (const id of ids.filter((_, index) => index % 3 === 1)) await testApp.db.transaction((tx) => changeHelpRequestStatus(tx, actor, id, 'resolve'));
    for (const list of lists) await expectEveryPageRight(anchors, list, 40);
    await testApp.db.transaction((tx) => changeHelpRequestStatus(tx, actor, ids[10] ?? 0, 'reopen'));
    for (const list of lists) await expectEveryPageRight(anchors, list, 40);
  });
});

describe('the lists at their last page index', () => {
  it('answer an empty page with their total at the largest page index the contract allows, and refuse the next', async () => {
    const { client } = await testApp.signedInClient('viewer');
    for (const path of ['/api/all-history', '/api/all-feedback', '/api/all-help-requests']) {
      const last = await client.get(`${path}/10000000`);
      expect(last.status, path).toBe(200);
      expect(last.body.data?.rows, path).toEqual([]);
      const beyond = await client.get(`${path}/10000001`);
      expect(beyond.status, path).toBe(400);
      expect(beyond.body.error?.message, path).toBe('The page index is too large.');
    }
  });
});

describe('PageAnchors walking down', () => {
  it('takes each anchor in a statement of its own, and goes on from the deepest it has for a deeper page', async () => {
    const anchors = new PageAnchors(7);
    const statements = vi.spyOn(testApp.db, 'execute');
    const rebuilds = rebuildsOf(anchors);
    await pageIds(anchors, historyList, 60, 5);
    // The counter with the top row, then one statement per anchor down to rank 56, then the page.
    expect(rebuilds).toHaveBeenCalledTimes(1);
    expect(statements).toHaveBeenCalledTimes(1 + 8 + 1);

    statements.mockClear();
    await pageIds(anchors, historyList, 95, 5);
    // Not deep enough: the anchors' check once it is this list's turn to walk, anchors 63 to 91, the page.
    expect(rebuilds).toHaveBeenCalledTimes(1);
    expect(statements).toHaveBeenCalledTimes(1 + 5 + 1);

    statements.mockClear();
    await pageIds(anchors, historyList, 50, 5);
    // Deep enough already: the page function checks the anchors and reads the page in one statement.
    expect(statements).toHaveBeenCalledTimes(1);
    expect(await pageIds(anchors, historyList, 95, 5)).toEqual(await offsetIds(historyList, 95, 5));
    statements.mockRestore();
  });

  it('answers deep pages asked for at once as OFFSET does, walking each list once', async () => {
    const anchors = new PageAnchors(7);
    const rebuilds = rebuildsOf(anchors);
    const offsets = [95, 40, 70, 14, 99];
    const pages = await Promise.all(offsets.map((offset) => pageIds(anchors, historyList, offset, 5)));
    expect(pages).toEqual(await Promise.all(offsets.map((offset) => offsetIds(historyList, offset, 5))));
    expect(rebuilds).toHaveBeenCalledTimes(1);
  });
});
