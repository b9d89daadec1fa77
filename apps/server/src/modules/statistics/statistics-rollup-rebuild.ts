import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';

/**
 * Recomputes the hourly and daily statistics rollups from the raw rows: sessions by chat_sessions.started_at,
 * questions by history.time, up/down ratings by feedback.time. One transaction, so readers see the
 * old rollup or the new one. Answers the number of hours written.
 */
export async function rebuildStatisticsRollup(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM statistics_rollup`);
    await tx.execute(sql`DELETE FROM statistics_rollup_daily`);
    const rows = await sqlRows<{ hours: string | number }>(
      tx,
      sql`WITH counted AS (
            SELECT date_trunc('hour', started_at AT TIME ZONE 'UTC') AS hour, 1 AS sessions, 0 AS questions, 0 AS up_ratings, 0 AS down_ratings
              FROM chat_sessions
            UNION ALL
            SELECT date_trunc('hour', time AT TIME ZONE 'UTC'), 0, 1, 0, 0 FROM history
            UNION ALL
            SELECT date_trunc('hour', time AT TIME ZONE 'UTC'), 0, 0, (rating = 'up')::int, (rating = 'down')::int FROM feedback
          ), inserted AS (
            INSERT INTO statistics_rollup (hour, sessions, questions, up_ratings, down_ratings)
            SELECT hour AT TIME ZONE 'UTC', sum(sessions), sum(questions), sum(up_ratings), sum(down_ratings)
              FROM counted GROUP BY hour
            RETURNING 1
          )
          SELECT count(*) AS hours FROM inserted`,
    );
    await tx.execute(
      sql`INSERT INTO statistics_rollup_daily (day, sessions, questions, up_ratings, down_ratings)
          SELECT date_trunc('day', hour AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', sum(sessions), sum(questions), sum(up_ratings), sum(down_ratings)
            FROM statistics_rollup GROUP BY 1`,
    );
    return Number(rows[0]?.hours ?? 0);
  });
}
