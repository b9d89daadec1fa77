import type { Migration } from './migration.ts';

/**
 * Per UTC day: the same sums as statistics_rollup, so a year of statistics reads a few hundred
 * day rows instead of thousands of hour rows. Filled from the hourly rollup for existing data.
 */
export const statisticsRollupDaily: Migration = {
  name: '0100-statistics-rollup-daily',
  sql: /* sql */ `
CREATE TABLE statistics_rollup_daily (
  day timestamptz PRIMARY KEY,
  sessions integer NOT NULL DEFAULT 0,
  questions integer NOT NULL DEFAULT 0,
  up_ratings integer NOT NULL DEFAULT 0,
  down_ratings integer NOT NULL DEFAULT 0
);
INSERT INTO statistics_rollup_daily (day, sessions, questions, up_ratings, down_ratings)
SELECT date_trunc('day', hour AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', sum(sessions), sum(questions), sum(up_ratings), sum(down_ratings)
  FROM statistics_rollup
 GROUP BY 1;
`,
};
