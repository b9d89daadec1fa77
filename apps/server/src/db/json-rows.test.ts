import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from './client.ts';
import { aliasedColumns, jsonArrayOf, type JsonRecord, parseJsonRows } from './json-rows.ts';
import { history } from './schema.ts';
import { sqlRows } from './sql-rows.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const columns = { id: history.id, sessionId: history.sessionId, sourceDocs: history.sourceDocs, account: history.account, time: history.time };
type Row = JsonRecord<typeof columns>;

/** The test's history rows through jsonArrayOf, newest first, with the session's time zone set to `timeZone`. */
async function readRows(timeZone: string): Promise<Row[]> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL TimeZone = '${timeZone}'`));
    const [answer] = await sqlRows<{ rows: string }>(
      tx,
      sql`SELECT ${jsonArrayOf(sql`SELECT ${aliasedColumns(columns)} FROM history WHERE session_id LIKE 'json-rows-%'`, sql`r.time DESC, r.id DESC`)} AS rows`,
    );
    return parseJsonRows<Row>(answer?.rows);
  });
}

describe('rows read as one JSON value', () => {
  it('types each column as JSON carries it: timestamps as text', () => {
    expectTypeOf<Row>().toEqualTypeOf<{
      id: number;
      sessionId: string;
      sourceDocs: unknown[];
      account: Record<string, string> | null;
      time: string;
    }>();
  });

  it('answers an empty array when no row matches', async () => {
    expect(await readRows('UTC')).toEqual([]);
  });

  it('keys rows by the columns object, keeps the order asked for and JSON values as they are', async () => {
    await database.db.insert(history).values([
      { sessionId: 'json-rows-a', userMessage: 'q', apiResponse: 'a', userIp: '192.0.2.1', country: 'NL', time: new Date('2026-11-24T10:00:00.123Z'), sourceDocs: ['manual.pdf'], account: { plan: 'pro' } },
      // A zone's local mean time before 1900 has an offset with seconds (+05:53:28 in Kolkata), which Date cannot read.
      { sessionId: 'json-rows-b', userMessage: 'q', apiResponse: 'a', userIp: '192.0.2.1', country: 'NL', time: new Date('1850-01-01T00:00:00Z') },
      { sessionId: 'json-rows-c', userMessage: 'q', apiResponse: 'a', userIp: '192.0.2.1', country: 'NL', time: new Date('2026-11-25T08:30:00Z') },
    ]);
    for (const timeZone of ['UTC', 'Asia/Kolkata', 'America/St_Johns']) {
      const rows = await readRows(timeZone);
      expect(rows.map((row) => row.sessionId)).toEqual(['json-rows-c', 'json-rows-a', 'json-rows-b']);
      expect(rows.map((row) => new Date(row.time).toISOString())).toEqual([
        '2026-11-25T08:30:00.000Z',
        '2026-11-24T10:00:00.123Z',
        '1850-01-01T00:00:00.000Z',
      ]);
      expect(rows[1]).toMatchObject({ sourceDocs: ['manual.pdf'], account: { plan: 'pro' } });
      expect(rows[0]).toMatchObject({ sourceDocs: [], account: null });
      expect(typeof rows[0]?.id).toBe('number');
    }
  });
});
