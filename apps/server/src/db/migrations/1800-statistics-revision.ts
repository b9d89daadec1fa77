import type { Migration } from './migration.ts';

/**
 * The totals before a moment at or before the newest quarter hour with statistics change only when a write
 * lands before that quarter: a message reported late, a session moved back, the repair. `statistics_revision`
 * counts those writes, so a server can keep such totals and read only the rest: Past Year asks for 15
 * moments, and after its first call a server reads one, the end of today (in-process at a million history
 * rows: 0.19 ms against 0.47 ms for 15).
 *
 * steward_statistics_totals_before answers, in one statement and so one snapshot, a header row (i = 0) with
 * the revision and the newest quarter hour, then the totals of the moments asked: the first `unknown` ones
 * when the caller's revision is still the current one, else all of them. It replaces steward_statistics_before.
 *
 * steward_count_statistics, the only writer of the rollup besides the repair, bumps the revision on a write
 * before the newest quarter; deleting rollup rows (the repair, or clearing them) bumps it too.
 */
export const statisticsRevision: Migration = {
  name: '1800-statistics-revision',
  sql: /* sql */ `
CREATE TABLE statistics_revision (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  revision bigint NOT NULL
);
INSERT INTO statistics_revision (only_row, revision) VALUES (true, 0);

CREATE FUNCTION steward_statistics_revised() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE statistics_revision SET revision = revision + 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER statistics_revised_by_delete AFTER DELETE OR TRUNCATE ON statistics_rollup_quarter
  FOR EACH STATEMENT EXECUTE FUNCTION steward_statistics_revised();

CREATE OR REPLACE FUNCTION steward_count_statistics(
  at_quarter timestamptz, add_sessions integer, add_questions integer, add_up_ratings integer, add_down_ratings integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  opened boolean;
  covered timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('steward:statistics'));
  IF at_quarter < (SELECT max(q.quarter) FROM statistics_rollup_quarter q) THEN
    UPDATE statistics_revision SET revision = revision + 1;
  END IF;
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

DROP FUNCTION steward_statistics_before(timestamptz[]);

-- A function is STABLE: its statements share the snapshot of the statement that calls it.
CREATE FUNCTION steward_statistics_totals_before(moments timestamptz[], known_revision bigint, unknown integer)
RETURNS TABLE (
  i bigint, sessions bigint, questions bigint, up_ratings bigint, down_ratings bigint, revision bigint, newest_quarter timestamptz
)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  current_revision bigint := (SELECT r.revision FROM statistics_revision r);
  asked timestamptz[] := CASE WHEN current_revision = known_revision THEN moments[1:unknown] ELSE moments END;
BEGIN
  RETURN QUERY
  SELECT 0::bigint, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint, current_revision,
         (SELECT max(q.quarter) FROM statistics_rollup_quarter q);
  RETURN QUERY
  SELECT b.i,
         (coalesce(t.sessions, 0) + coalesce(tail.sessions, 0) + CASE WHEN b.moment > b.quarter THEN
           (SELECT count(*) FROM chat_sessions c WHERE c.started_at >= b.quarter AND c.started_at < b.moment) ELSE 0 END)::bigint,
         (coalesce(t.questions, 0) + coalesce(tail.questions, 0) + CASE WHEN b.moment > b.quarter THEN
           (SELECT count(*) FROM history h WHERE h.time >= b.quarter AND h.time < b.moment) ELSE 0 END)::bigint,
         (coalesce(t.up_ratings, 0) + coalesce(tail.up_ratings, 0) + CASE WHEN b.moment > b.quarter THEN
           (SELECT count(*) FROM feedback f WHERE f.rating = 'up' AND f.time >= b.quarter AND f.time < b.moment) ELSE 0 END)::bigint,
         (coalesce(t.down_ratings, 0) + coalesce(tail.down_ratings, 0) + CASE WHEN b.moment > b.quarter THEN
           (SELECT count(*) FROM feedback f WHERE f.rating = 'down' AND f.time >= b.quarter AND f.time < b.moment) ELSE 0 END)::bigint,
         NULL::bigint, NULL::timestamptz
    FROM (SELECT m.i, m.moment, date_bin('15 minutes', m.moment, '2000-01-01T00:00:00Z') AS quarter
            FROM unnest(asked) WITH ORDINALITY AS m(moment, i)) b
    LEFT JOIN LATERAL (
      SELECT s.upto, s.sessions, s.questions, s.up_ratings, s.down_ratings
        FROM statistics_totals s WHERE s.upto <= b.quarter ORDER BY s.upto DESC LIMIT 1
    ) t ON true
    LEFT JOIN LATERAL (
      -- The first condition holds no column of the rollup: the planner tests it once per moment, before the scan.
      SELECT sum(r.sessions) AS sessions, sum(r.questions) AS questions, sum(r.up_ratings) AS up_ratings, sum(r.down_ratings) AS down_ratings
        FROM statistics_rollup_quarter r
       WHERE coalesce(t.upto, '-infinity') < b.quarter AND r.quarter >= coalesce(t.upto, '-infinity') AND r.quarter < b.quarter
    ) tail ON true;
END
$$;
`,
};
