import { type HistoryRow, historyRow } from '@steward/contract/history';
import { filteredPageAnswer } from '@steward/contract/list-filters';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../test/api-client.ts';
import { botPost, newSessionId } from '../../test/bot-test-support.ts';
import { insertHistory } from '../../test/conversation-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { savePersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { purgeHistoryBefore } from '../privacy/retention-purge.repository.ts';
import { recordExchange } from './history.actions.ts';
import { shownWhenStored } from './history.presenter.ts';

/**
 * History's list answers the pages of its rows written with what they show (migration 3720) as the database
 * writes them, sent as they are. Those pages must be the very rows the presenter makes (the conversation's
 * call reads the same rows through it), through every writer, the masking, the retention and an erasure.
 */
let testApp: TestApp;
let viewer: ApiClient;
let admin: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  viewer = (await testApp.signedInClient('viewer')).client;
  admin = (await testApp.signedInClient('admin')).client;
});
afterAll(() => testApp.close());

const pageAnswer = filteredPageAnswer(historyRow);

/** A page of the list, checked against the contract (the route's answer check does not see a written page). */
async function listPage(query = '', pageIndex = 0): Promise<{ rows: HistoryRow[]; total: number }> {
  const answer = await viewer.get(`/api/all-history/${pageIndex}${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const checked = pageAnswer.parse(answer.body);
  expect(checked).toEqual(answer.body);
  return { rows: checked.data.rows, total: checked.data.total_count };
}

/** A session's rows as its conversation shows them, through the presenter (none once all went). */
async function conversation(sessionId: string): Promise<HistoryRow[]> {
  const answer = await viewer.get(`/api/history/${encodeURIComponent(sessionId)}`);
  if (answer.status === 404) return [];
  expect(answer.status).toBe(200);
  return answer.body.data?.rows as unknown as HistoryRow[];
}

/** The list's rows of these sessions, newest first, as the conversation would show them (without its own count). */
async function listedAsPresented(sessionIds: readonly string[], query = ''): Promise<{ listed: HistoryRow[]; presented: HistoryRow[] }> {
  const { rows, total } = await listPage(query);
  const listed = rows.filter((row) => sessionIds.includes(row.session_id));
  const presented = (await Promise.all(sessionIds.map(conversation)))
    .flat()
    .filter((row) => listed.some((shown) => shown.id === row.id))
    .map((row) => ({ ...row, total_count: total }))
    .sort((a, b) => b.time.localeCompare(a.time) || b.id - a.id);
  return { listed, presented };
}

const shownAsStored = async (ids: readonly number[]): Promise<boolean[]> =>
  (await sqlRows<{ shown: boolean }>(testApp.db, sql`SELECT shown_as_stored AS shown FROM history WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) ORDER BY id`)).map((row) => row.shown);

/** Texts that JSON escapes, or that the database and JavaScript could write differently. */
const ODD_TEXT = 'Quote " backslash \\ tab\t newline\n bell\u0007 del\u007f emoji 🦉 é ü \u2028 </script> ": "x", "';

async function oddExchange(sessionId: string, time: string, extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await botPost(testApp, '/api/bot/messages', {
    session_id: sessionId,
    user_message: ODD_TEXT,
    api_response: `<p>${ODD_TEXT}</p>`,
    source_docs: ['FAQ', { metadata: { source_url: 'https://docs.example.com/a?b=c&d=%22', filename: 'Manual "2" \\ é 🦉.pdf' } }, { metadata: { source_url: 'https://docs.example.com/b', filename: '' } }],
    origin: 'https://shop.example.com/page?x=1',
    account: { secondary_id: `store ${ODD_TEXT}`, email: 'ann@example.com', primary_id: 'cust-1' },
    user_ip: '203.0.113.7',
    country: 'GB',
    time,
    ...extra,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data?.rows[0]?.id as number;
}

describe("History's pages written by the database", () => {
  it("are the presenter's rows for exchanges from the bot API, odd texts, accounts and sources included", async () => {
    const session = newSessionId();
    const ids = [
      await oddExchange(session, '2031-01-01T10:00:00.123Z'),
      await oddExchange(session, '2031-01-01T10:00:01Z', { account: null, source_docs: [], origin: null }),
      await oddExchange(session, '2031-01-01T10:00:02.999Z', { account: {} }),
    ];
    expect(await shownAsStored(ids)).toEqual([true, true, true]);
    const { listed, presented } = await listedAsPresented([session]);
    expect(listed.map((row) => row.id)).toEqual(ids.toReversed());
    expect(listed).toEqual(presented);
    expect(listed[2]?.account).toBe(JSON.stringify({ email: 'ann@example.com', primary_id: 'cust-1', secondary_id: `store ${ODD_TEXT}` }));
    expect(listed[0]?.account).toBe('{}');
    expect(listed[2]?.time).toBe('2031-01-01T10:00:00.123Z');
  });

  it("are the same rows for the public chat's exchanges, under the coverage-gaps filter", async () => {
    const session = newSessionId();
    const gap = await testApp.db.transaction((tx) =>
      recordExchange(tx, { session_id: session, user_message: ODD_TEXT, api_response: "<p>I don't know.</p>", time: new Date('2031-02-01T10:00:00Z'), country: 'GB', coverage_gap: true }),
    );
    expect(await shownAsStored([gap.id])).toEqual([true]);
    const { listed, presented } = await listedAsPresented([session], '?coverage_gaps=true');
    expect(listed.map((row) => row.id)).toEqual([gap.id]);
    expect(listed).toEqual(presented);
  });

  it('fall back to the presenter for a page holding a row not written with what it shows, odd sources included', async () => {
    const session = newSessionId();
    const written = await oddExchange(session, '2031-03-01T10:00:00Z');
    const { id: old } = await insertHistory(testApp.db, {
      sessionId: session,
      time: new Date('2031-03-01T11:00:00Z'),
      sourceDocs: [42, null, { metadata: { filename: 7, source_url: 'https://a.example.com' } }, { title: 'no metadata' }, 'kept'],
    });
    expect(await shownAsStored([written, old])).toEqual([true, false]);
    const { listed, presented } = await listedAsPresented([session]);
    expect(listed.map((row) => row.id)).toEqual([old, written]);
    expect(listed).toEqual(presented);
    expect(listed[0]?.source_docs).toEqual([{ metadata: { source_url: 'https://a.example.com' } }, 'kept']);
  });

  it('are masked as the presenter masks them when masking is on', async () => {
    const session = newSessionId();
    await oddExchange(session, '2031-04-01T10:00:00Z', { user_message: 'Call me on +44 7700 900123 or ann@example.com' });
    await savePersonalDataMasking(testApp.db, true);
    try {
      const { listed, presented } = await listedAsPresented([session]);
      expect(listed).toEqual(presented);
      expect(listed[0]?.user_message).not.toContain('ann@example.com');
      expect(listed[0]?.user_ip).not.toBe('203.0.113.7');
    } finally {
      await savePersonalDataMasking(testApp.db, false);
    }
  });

  it('stay right on a deep page sought from anchors, after the retention purge and after an erasure', async () => {
    const sessions = [newSessionId(), newSessionId()];
    // Older than everything above: the deep pages, past the anchors' 100 rows.
    for (let index = 0; index < 130; index += 1) {
      const time = new Date(Date.UTC(2020, 0, 1, 0, index)).toISOString();
      const account = index % 2 === 0 ? undefined : { email: 'bob@example.com', primary_id: 'cust-2' };
      await oddExchange(sessions[index % 2] ?? '', time, index % 3 === 0 ? { account: null } : account ? { account } : {});
    }
    const pages = async () => {
      const { total } = await listPage();
      const rows: HistoryRow[] = [];
      for (let pageIndex = 0; pageIndex * 30 < total; pageIndex += 1) rows.push(...(await listPage('', pageIndex)).rows);
      return { total, rows };
    };
    const check = async () => {
      const { total, rows } = await pages();
      expect(rows).toHaveLength(total);
      const presented = (await Promise.all(sessions.map(conversation))).flat().map((row) => ({ ...row, total_count: total }));
      const listed = rows.filter((row) => sessions.includes(row.session_id));
      expect(listed).toEqual(presented.sort((a, b) => b.time.localeCompare(a.time) || b.id - a.id));
      return listed.length;
    };
    expect(await check()).toBe(130);

    // The retention deletes the oldest exchanges: the pages close up over the rows left.
    expect(await purgeHistoryBefore(testApp.db, new Date(Date.UTC(2020, 0, 1, 0, 40)))).toBe(40);
    expect(await check()).toBe(90);

    // An erasure by the account's email deletes the visitor's exchanges: the first session's, not the other's.
    const erased = await admin.post('/api/personal-data/erase', { kind: 'email', value: 'ann@example.com' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await check()).toBe(45);
    expect((await pages()).rows.filter((row) => row.session_id === sessions[0] || row.account?.includes('ann@example.com'))).toEqual([]);
  });
});

describe('shownWhenStored', () => {
  const time = new Date('2031-01-01T00:00:00Z');
  it("writes the account in jsonb's key order and keeps odd rows to the presenter", () => {
    expect(shownWhenStored({ sourceDocs: [], account: { secondary_id: 's', email: 'e', primary_id: 'p' }, time })).toEqual({
      shownAccount: '{"email":"e","primary_id":"p","secondary_id":"s"}',
      shownAsStored: true,
    });
    expect(shownWhenStored({ sourceDocs: ['a', { metadata: { source_url: 'u', filename: 'f' } }], account: null, time })).toEqual({ shownAccount: null, shownAsStored: true });
    expect(shownWhenStored({ sourceDocs: [{ metadata: { filename: 'f', page: 3 } }], account: null, time }).shownAsStored).toBe(false);
    expect(shownWhenStored({ sourceDocs: [], account: { email: 7 }, time })).toEqual({ shownAccount: null, shownAsStored: false });
    expect(shownWhenStored({ sourceDocs: [], account: { email: 'a\uD800' }, time }).shownAsStored).toBe(false);
    expect(shownWhenStored({ sourceDocs: [], account: null, time: new Date('+010000-01-01T00:00:00Z') }).shownAsStored).toBe(false);
  });
});
