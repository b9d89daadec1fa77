import type { Migration } from './migration.ts';

/**
 * History's badges for a page (issue 40: each exchange's latest thumb, whether its session asked for help) as a
 * function whose statements keep their plans. Sent as two statements of their own, each was parsed and planned
 * on every page, which read its relations' sizes from disk too: History's page 1 took twice the time of
 * Feedback's at 50 connections (1M rows, 27 Nov 2026).
 */
export const historyBadges: Migration = {
  name: '3100-history-badges',
  sql: /* sql */ `
CREATE FUNCTION steward_history_badges(history_ids bigint[], session_ids text[], OUT ratings text, OUT helped text)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  SELECT coalesce(json_object_agg(latest.history_id, latest.rating), '{}')::text INTO ratings
    FROM (SELECT DISTINCT ON (f.history_id) f.history_id, f.rating FROM feedback f
           WHERE f.history_id = ANY (history_ids) ORDER BY f.history_id, f.id DESC) latest;
  SELECT coalesce(json_agg(DISTINCT r.session_id), '[]')::text INTO helped
    FROM help_requests r WHERE r.session_id = ANY (session_ids);
END
$$;
`,
};
