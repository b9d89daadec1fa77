import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { listCounters } from '../db/schema.ts';
import { type SqlBigint, type SqlRow, sqlRows } from '../db/sql-rows.ts';
import type { ApiBody, ApiResponse } from './api-client.ts';
import { TEST_BOT_API_KEY, type TestApp } from './test-app.ts';

/** Calls the bot API as the chatbot does: server to server, with the key. */
export const botPost = (testApp: TestApp, path: string, body: unknown, key = TEST_BOT_API_KEY): Promise<ApiResponse<ApiBody>> =>
  testApp.client().request('POST', path, body, { authorization: `Bearer ${key}` });

export async function counters(db: Db): Promise<Record<string, number>> {
  const rows = await sqlRows<Pick<SqlRow<typeof listCounters>, 'name' | 'count'>>(db, sql`SELECT name, count FROM list_counters`);
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.count)]));
}

export interface RollupHour {
  sessions: number;
  questions: number;
  up: number;
  down: number;
}

/** The statistics of one UTC hour: the sums of its four quarter-hour rollup rows. */
export async function rollupAt(db: Db, hourIso: string): Promise<RollupHour> {
  const rows = await sqlRows<{ sessions: SqlBigint | null; questions: SqlBigint | null; up_ratings: SqlBigint | null; down_ratings: SqlBigint | null }>(
    db,
    sql`SELECT sum(sessions) AS sessions, sum(questions) AS questions, sum(up_ratings) AS up_ratings, sum(down_ratings) AS down_ratings
          FROM statistics_rollup_quarter WHERE quarter >= ${hourIso}::timestamptz AND quarter < ${hourIso}::timestamptz + interval '1 hour'`,
  );
  const row = rows[0];
  return { sessions: Number(row?.sessions ?? 0), questions: Number(row?.questions ?? 0), up: Number(row?.up_ratings ?? 0), down: Number(row?.down_ratings ?? 0) };
}

let sessionCounter = 0;
/** A session id no other test uses. */
export const newSessionId = (): string => `session-${Date.now()}-${(sessionCounter += 1)}`;

/** A distinct UTC hour per test (in the year 2001 + n), so rollup assertions do not see each other. */
let hourCounter = 0;
export const freshHour = (): Date => new Date(Date.UTC(2001, 0, 1, 0) + (hourCounter += 1) * 7 * 3_600_000);
