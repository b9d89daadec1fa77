import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';

/**
 * Recomputes the statistics rollups from the raw rows: sessions by chat_sessions.started_at, questions
 * by history.time, up/down ratings by feedback.time + rating. Quarter hours come from the rows, hours
 * from the quarters, days from the hours, months from the days. One transaction, so readers see the old rollups or the new
 * ones. Answers the number of hours written.
 */
export async function rebuildStatisticsRollup(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    for (const table of ['statistics_rollup_quarter', 'statistics_rollup', 'statistics_rollup_daily', 'statistics_rollup_monthly']) {
      await tx.execute(sql`DELETE FROM ${sql.identifier(table)}`);
    }
    await tx.execute(
      sql`INSERT INTO statistics_rollup_quarter (quarter, sessions, questions, up_ratings, down_ratings)
          SELECT quarter, sum(sessions), sum(questions), sum(up_ratings), sum(down_ratings)
            FROM (
              SELECT date_bin('15 minutes', started_at, '2000-01-01T00:00:00Z') AS quarter, 1 AS sessions, 0 AS questions, 0 AS up_ratings, 0 AS down_ratings
                FROM chat_sessions
              UNION ALL
              SELECT date_bin('15 minutes', time, '2000-01-01T00:00:00Z'), 0, 1, 0, 0 FROM history
              UNION ALL
              SELECT date_bin('15 minutes', time, '2000-01-01T00:00:00Z'), 0, 0, (rating = 'up')::int, (rating = 'down')::int FROM feedback
            ) AS counted
           GROUP BY quarter`,
    );
    const rows = await sqlRows<{ hours: string | number }>(
      tx,
      sql`WITH inserted AS (
            INSERT INTO statistics_rollup (hour, sessions, questions, up_ratings, down_ratings)
            SELECT date_bin('1 hour', quarter, '2000-01-01T00:00:00Z'), sum(sessions), sum(questions), sum(up_ratings), sum(down_ratings)
              FROM statistics_rollup_quarter GROUP BY 1
            RETURNING 1
          )
          SELECT count(*) AS hours FROM inserted`,
    );
    await tx.execute(
      sql`INSERT INTO statistics_rollup_daily (day, sessions, questions, up_ratings, down_ratings)
          SELECT date_bin('1 day', hour, '2000-01-01T00:00:00Z'), sum(sessions), sum(questions), sum(up_ratings), sum(down_ratings)
            FROM statistics_rollup GROUP BY 1`,
    );
    await tx.execute(
      sql`INSERT INTO statistics_rollup_monthly (month, sessions, questions, up_ratings, down_ratings)
          SELECT date_trunc('month', day, 'UTC'), sum(sessions), sum(questions), sum(up_ratings), sum(down_ratings)
            FROM statistics_rollup_daily GROUP BY 1`,
    );
    return Number(rows[0]?.hours ?? 0);
  });
}
