import type { Migration } from './migration.ts';

/**
 * Running totals per UTC quarter hour, so the counts of any range are the totals at its end less those at
 * its start: two index lookups per range boundary, in every time zone alike. They replace the hourly, daily
 * and monthly rollups, whose covers of a range read 20-70 rows at offsets like +5:30 and -9:30.
 *
 * `statistics_rollup_quarter` stays the counts of each quarter hour; `statistics_totals` holds, for some
 * prefix of its quarters, the sums of every counter before `upto`. Every statistics write goes through
 * steward_count_statistics, which keeps that true: writers take turns on one advisory lock (they met on
 * the current hour's rollup row before anyway), a write drops the totals past its quarter, and the first
 * write of a quarter derives the totals of the quarters before it. Readers add the quarters past the last
 * total (normally the current one) from the rollup itself.
 *
 * Both are counted from the raw rows here (steward_recount_statistics, which the repair calls too), not kept
 * from the old rollup: a session moved back to an earlier quarter of the same hour by a message reported
 * late stayed counted in its old quarter.
 */
export const statisticsTotals: Migration = {
  name: '1200-statistics-totals',
  sql: /* sql */ `
CREATE TABLE statistics_totals (
  upto timestamptz PRIMARY KEY,
  sessions bigint NOT NULL,
  questions bigint NOT NULL,
  up_ratings bigint NOT NULL,
  down_ratings bigint NOT NULL
);

-- The statistics recounted from the raw rows, in the writers' turn: the quarter rollup, then every quarter's
-- running total. Answers the number of quarter hours. npm run repair:statistics calls it too.
CREATE FUNCTION steward_recount_statistics() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  quarters integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('steward:statistics'));
  DELETE FROM statistics_totals;
  DELETE FROM statistics_rollup_quarter;
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
  GET DIAGNOSTICS quarters = ROW_COUNT;
  INSERT INTO statistics_totals (upto, sessions, questions, up_ratings, down_ratings)
  SELECT quarter + interval '15 minutes', sum(sessions) OVER w, sum(questions) OVER w, sum(up_ratings) OVER w, sum(down_ratings) OVER w
    FROM statistics_rollup_quarter
  WINDOW w AS (ORDER BY quarter);
  RETURN quarters;
END
$$;
SELECT steward_recount_statistics();

DROP TABLE statistics_rollup, statistics_rollup_daily, statistics_rollup_monthly;

CREATE FUNCTION steward_count_statistics(
  at_quarter timestamptz, add_sessions integer, add_questions integer, add_up_ratings integer, add_down_ratings integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  opened boolean;
  covered timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('steward:statistics'));
  INSERT INTO statistics_rollup_quarter AS r (quarter, sessions, questions, up_ratings, down_ratings)
  VALUES (at_quarter, add_sessions, add_questions, add_up_ratings, add_down_ratings)
  ON CONFLICT (quarter) DO UPDATE SET
    sessions = r.sessions + EXCLUDED.sessions,
    questions = r.questions + EXCLUDED.questions,
    up_ratings = r.up_ratings + EXCLUDED.up_ratings,
    down_ratings = r.down_ratings + EXCLUDED.down_ratings
  RETURNING r.xmax = 0 INTO opened;
  DELETE FROM statistics_totals WHERE upto > at_quarter;
  IF opened THEN
    covered := (SELECT max(upto) FROM statistics_totals);
    INSERT INTO statistics_totals (upto, sessions, questions, up_ratings, down_ratings)
    SELECT q.quarter + interval '15 minutes',
           coalesce(b.sessions, 0) + sum(q.sessions) OVER w,
           coalesce(b.questions, 0) + sum(q.questions) OVER w,
           coalesce(b.up_ratings, 0) + sum(q.up_ratings) OVER w,
           coalesce(b.down_ratings, 0) + sum(q.down_ratings) OVER w
      FROM statistics_rollup_quarter q
      LEFT JOIN statistics_totals b ON b.upto = covered
     WHERE q.quarter >= coalesce(covered, '-infinity') AND q.quarter < at_quarter
    WINDOW w AS (ORDER BY q.quarter);
  END IF;
END
$$;

-- One plan for every call (force_generic_plan): a custom plan costs a week's 8 moments below the generic
-- plan's guess of 10, so a server asked for weeks first planned every call for its first few thousand calls.
CREATE FUNCTION steward_statistics_before(moments timestamptz[])
RETURNS TABLE (i bigint, sessions bigint, questions bigint, up_ratings bigint, down_ratings bigint)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT b.i,
         (coalesce(t.sessions, 0) + coalesce(tail.sessions, 0) + CASE WHEN b.moment > b.quarter THEN
           (SELECT count(*) FROM chat_sessions c WHERE c.started_at >= b.quarter AND c.started_at < b.moment) ELSE 0 END)::bigint,
         (coalesce(t.questions, 0) + coalesce(tail.questions, 0) + CASE WHEN b.moment > b.quarter THEN
           (SELECT count(*) FROM history h WHERE h.time >= b.quarter AND h.time < b.moment) ELSE 0 END)::bigint,
         (coalesce(t.up_ratings, 0) + coalesce(tail.up_ratings, 0) + CASE WHEN b.moment > b.quarter THEN
           (SELECT count(*) FROM feedback f WHERE f.rating = 'up' AND f.time >= b.quarter AND f.time < b.moment) ELSE 0 END)::bigint,
         (coalesce(t.down_ratings, 0) + coalesce(tail.down_ratings, 0) + CASE WHEN b.moment > b.quarter THEN
           (SELECT count(*) FROM feedback f WHERE f.rating = 'down' AND f.time >= b.quarter AND f.time < b.moment) ELSE 0 END)::bigint
    FROM (SELECT m.i, m.moment, date_bin('15 minutes', m.moment, '2000-01-01T00:00:00Z') AS quarter
            FROM unnest(moments) WITH ORDINALITY AS m(moment, i)) b
    LEFT JOIN LATERAL (
      SELECT s.upto, s.sessions, s.questions, s.up_ratings, s.down_ratings
        FROM statistics_totals s WHERE s.upto <= b.quarter ORDER BY s.upto DESC LIMIT 1
    ) t ON true
    LEFT JOIN LATERAL (
      SELECT sum(r.sessions) AS sessions, sum(r.questions) AS questions, sum(r.up_ratings) AS up_ratings, sum(r.down_ratings) AS down_ratings
        FROM statistics_rollup_quarter r WHERE r.quarter >= coalesce(t.upto, '-infinity') AND r.quarter < b.quarter
    ) tail ON true;
END
$$;
`,
};
