import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { listCounters, statisticsRollup } from '../db/schema.ts';
import { type SqlRow, sqlRows } from '../db/sql-rows.ts';
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

export async function rollupAt(db: Db, hourIso: string): Promise<RollupHour> {
  const rows = await sqlRows<Pick<SqlRow<typeof statisticsRollup>, 'sessions' | 'questions' | 'up_ratings' | 'down_ratings'>>(
    db,
    sql`SELECT sessions, questions, up_ratings, down_ratings FROM statistics_rollup WHERE hour = ${hourIso}::timestamptz`,
  );
  const row = rows[0];
  return { sessions: row?.sessions ?? 0, questions: row?.questions ?? 0, up: row?.up_ratings ?? 0, down: row?.down_ratings ?? 0 };
}

let sessionCounter = 0;
/** A session id no other test uses. */
export const newSessionId = (): string => `session-${Date.now()}-${(sessionCounter += 1)}`;

/** A distinct UTC hour per test (in the year 2001 + n), so rollup assertions do not see each other. */
let hourCounter = 0;
export const freshHour = (): Date => new Date(Date.UTC(2001, 0, 1, 0) + (hourCounter += 1) * 7 * 3_600_000);
