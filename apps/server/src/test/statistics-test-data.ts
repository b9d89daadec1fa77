import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { bumpStatisticsRollup } from '../modules/statistics/statistics-rollup.repository.ts';

/** Test data as the bot API writes it: raw rows plus the rollup, in one transaction. */
export async function addSession(db: Db, sessionId: string, startedAt: Date, options: { rollup?: boolean } = {}) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO chat_sessions (session_id, started_at, last_message_at, message_count) VALUES (${sessionId}, ${startedAt.toISOString()}::timestamptz, ${startedAt.toISOString()}::timestamptz, 0)`,
    );
    if (options.rollup !== false) await bumpStatisticsRollup(tx, startedAt, { sessions: 1 });
  });
}

export async function addExchange(db: Db, sessionId: string, time: Date, options: { rollup?: boolean } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await sqlRows<{ id: string | number }>(
      tx,
      sql`INSERT INTO history (session_id, user_message, api_response, time) VALUES (${sessionId}, 'How do I reset it?', '<p>Hold the button.</p>', ${time.toISOString()}::timestamptz) RETURNING id`,
    );
    if (options.rollup !== false) await bumpStatisticsRollup(tx, time, { questions: 1 });
    return Number(rows[0]?.id);
  });
}

export async function addFeedback(
  db: Db,
  historyId: number,
  sessionId: string,
  rating: 'up' | 'down',
  time: Date,
  options: { rollup?: boolean } = {},
) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO feedback (history_id, session_id, user_message, api_response, rating, time) VALUES (${historyId}, ${sessionId}, 'q', 'a', ${rating}, ${time.toISOString()}::timestamptz)`,
    );
    if (options.rollup !== false) {
      await bumpStatisticsRollup(tx, time, rating === 'up' ? { upRatings: 1 } : { downRatings: 1 });
    }
  });
}

export async function clearStatisticsData(db: Db): Promise<void> {
  for (const table of ['feedback', 'history', 'chat_sessions', 'statistics_totals', 'statistics_rollup_quarter']) {
    await db.execute(sql`DELETE FROM ${sql.identifier(table)}`);
  }
}
