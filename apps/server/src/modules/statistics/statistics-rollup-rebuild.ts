import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';

/**
 * Recomputes the statistics from the raw rows: the quarter-hour rollup (sessions by
 * chat_sessions.started_at, questions by history.time, up/down ratings by feedback.time + rating), then
 * the running totals of every quarter. One transaction, in the statistics writers' turn (migration 1200),
 * so readers see the old statistics or the new ones. Answers the number of quarter hours written.
 */
export async function rebuildStatisticsRollup(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('steward:statistics'))`);
    await tx.execute(sql`DELETE FROM statistics_totals`);
    await tx.execute(sql`DELETE FROM statistics_rollup_quarter`);
    const rows = await sqlRows<{ quarters: string | number }>(
      tx,
      sql`WITH inserted AS (
            INSERT INTO statistics_rollup_quarter (quarter, sessions, questions, up_ratings, down_ratings)
            SELECT quarter, sum(sessions), sum(questions), sum(up_ratings), sum(down_ratings)
              FROM (
                SELECT date_bin('15 minutes', started_at, '2000-01-01T00:00:00Z') AS quarter, 1 AS sessions, 0 AS questions, 0 AS up_ratings, 0 AS down_ratings
                  FROM chat_sessions
                UNION ALL
                SELECT date_bin('15 minutes', time, '2000-01-01T00:00:00Z'), 0, 1, 0, 0 FROM history
                UNION ALL
                SELECT date_bin('15 minutes', time, '2000-01-01T00:00:00Z'), 0, 0, (rating = 'up')::int, (rating = 'down')::int FROM feedback
              ) AS counted
             GROUP BY quarter
            RETURNING 1
          )
          SELECT count(*) AS quarters FROM inserted`,
    );
    await tx.execute(
      sql`INSERT INTO statistics_totals (upto, sessions, questions, up_ratings, down_ratings)
          SELECT quarter + interval '15 minutes', sum(sessions) OVER w, sum(questions) OVER w, sum(up_ratings) OVER w, sum(down_ratings) OVER w
            FROM statistics_rollup_quarter
          WINDOW w AS (ORDER BY quarter)`,
    );
    return Number(rows[0]?.quarters ?? 0);
  });
}
