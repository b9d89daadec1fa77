import type { Migration } from './migration.ts';

/**
 * Issue 43: the retention and the erasure delete raw rows, while the statistics keep counting what happened. A
 * recount from the rows (npm run repair:statistics) would then lower the periods whose rows are gone, so the repair
 * recounts only from a moment on and keeps the quarters before it as they were counted; then every quarter's
 * running total, as steward_recount_statistics does. The moment: `statistics_revision.rows_complete_since`, the
 * first whole quarter after the latest cut-off any retention purge of chat history, chat sessions or feedback used
 * (the rows the statistics count are all there from then on).
 */
export const statisticsRecountSince: Migration = {
  name: '2901-statistics-recount-since',
  sql: /* sql */ `
ALTER TABLE statistics_revision ADD COLUMN rows_complete_since timestamptz;

CREATE FUNCTION steward_recount_statistics_since(since timestamptz) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  quarters integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('steward:statistics'));
  DELETE FROM statistics_totals;
  DELETE FROM statistics_rollup_quarter WHERE quarter >= since;
  INSERT INTO statistics_rollup_quarter (quarter, sessions, questions, up_ratings, down_ratings)
  SELECT quarter, sum(sessions), sum(questions), sum(up_ratings), sum(down_ratings)
    FROM (
      SELECT date_bin('15 minutes', started_at, '2000-01-01T00:00:00Z') AS quarter, 1 AS sessions, 0 AS questions, 0 AS up_ratings, 0 AS down_ratings
        FROM chat_sessions WHERE started_at >= since
      UNION ALL
      SELECT date_bin('15 minutes', time, '2000-01-01T00:00:00Z'), 0, 1, 0, 0 FROM history WHERE time >= since
      UNION ALL
      SELECT date_bin('15 minutes', time, '2000-01-01T00:00:00Z'), 0, 0, (rating = 'up')::int, (rating = 'down')::int FROM feedback WHERE time >= since
    ) AS counted
   GROUP BY quarter;
  GET DIAGNOSTICS quarters = ROW_COUNT;
  INSERT INTO statistics_totals (upto, sessions, questions, up_ratings, down_ratings)
  SELECT quarter + interval '15 minutes', sum(sessions) OVER w, sum(questions) OVER w, sum(up_ratings) OVER w, sum(down_ratings) OVER w
    FROM statistics_rollup_quarter
  WINDOW w AS (ORDER BY quarter);
  RETURN quarters;
END
$$;
`,
};
