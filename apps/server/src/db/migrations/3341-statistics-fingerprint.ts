import type { Migration } from './migration.ts';

/**
 * Issue 52: what the statistics totals are as of now, in one cheap read. Every write to the rollup either bumps the
 * revision (migration 1800: a write before the newest quarter hour, or a delete) or changes the newest quarter hour's
 * row (a write in it, or a newer quarter opening), so two equal fingerprints mean equal totals at every moment. A
 * server that kept the totals of a fingerprint answers from them after this read alone (statistics.repository.ts),
 * in place of the totals function's two queries. The last part is where All Time starts (the first quarter hour).
 * Times are epoch seconds, so no session setting changes the text; `-` stands for nothing.
 */
export const statisticsFingerprint: Migration = {
  name: '3341-statistics-fingerprint',
  sql: /* sql */ `
CREATE FUNCTION steward_statistics_fingerprint() RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ',
    coalesce((SELECT r.revision::text FROM statistics_revision r), '-'),
    coalesce((SELECT concat_ws(',', extract(epoch FROM q.quarter)::bigint, q.sessions, q.questions, q.up_ratings, q.down_ratings)
                FROM statistics_rollup_quarter q ORDER BY q.quarter DESC LIMIT 1), '-'),
    coalesce((SELECT extract(epoch FROM min(q.quarter))::bigint::text FROM statistics_rollup_quarter q), '-'))
$$;
`,
};
