import type { Migration } from './migration.ts';

/**
 * Per UTC quarter hour: the same sums as statistics_rollup, so time zones at :30 and :45 (India,
 * Nepal, parts of Australia) get their local midnights from rollups too, not from raw rows.
 * Filled from the raw rows for existing data.
 */
export const statisticsRollupQuarter: Migration = {
  name: '0101-statistics-rollup-quarter',
  sql: /* sql */ `
CREATE TABLE statistics_rollup_quarter (
  quarter timestamptz PRIMARY KEY,
  sessions integer NOT NULL DEFAULT 0,
  questions integer NOT NULL DEFAULT 0,
  up_ratings integer NOT NULL DEFAULT 0,
  down_ratings integer NOT NULL DEFAULT 0
);
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
 GROUP BY quarter;
`,
};
