import type { Migration } from './migration.ts';

/**
 * Per UTC calendar month: the same sums as statistics_rollup, so a year of statistics reads a few
 * dozen rows, and a viewer's local month (which starts hours before or after the UTC month) a month
 * row plus the hours between. Filled from the daily rollup for existing data.
 */
export const statisticsRollupMonthly: Migration = {
  name: '0901-statistics-rollup-monthly',
  sql: /* sql */ `
CREATE TABLE statistics_rollup_monthly (
  month timestamptz PRIMARY KEY,
  sessions integer NOT NULL DEFAULT 0,
  questions integer NOT NULL DEFAULT 0,
  up_ratings integer NOT NULL DEFAULT 0,
  down_ratings integer NOT NULL DEFAULT 0
);
INSERT INTO statistics_rollup_monthly (month, sessions, questions, up_ratings, down_ratings)
SELECT date_trunc('month', day, 'UTC'), sum(sessions), sum(questions), sum(up_ratings), sum(down_ratings)
  FROM statistics_rollup_daily
 GROUP BY 1;
`,
};
