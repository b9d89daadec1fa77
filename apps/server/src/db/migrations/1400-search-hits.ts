import type { Migration } from './migration.ts';

const SEARCHED_TABLES = ['history', 'feedback', 'help_requests'] as const;

/** The hit's JSON keys (the contract's historyHit, feedbackHit and helpRequestHit), from the row `t`. */
const HIT_COLUMNS: Record<(typeof SEARCHED_TABLES)[number], string> = {
  history: `'session_id', t.session_id, 'user_message', t.user_message, 'api_response', t.api_response`,
  feedback: `'id', t.id, 'message', t.user_feedback, 'user_message', t.user_message, 'api_response', t.api_response`,
  help_requests: `'id', t.id, 'message', t.message`,
};

const SEARCH_ARGUMENTS = `q tsquery, fragments text[], count_cap integer, window_offset integer, window_limit integer,
  first_walk_most integer, entry_in_rows float8, second_walk_share float8`;

/**
 * A search's group as the API answers it, `{"total_count": …, "rows": [hit, …]}`: the table's newest
 * matches (steward_newest_*, migration 1100), counted up to the cap, and their rows read in the same
 * statement, whose plan is kept for the session. Written in the caller's statement, this join was
 * planned on every search.
 */
const hitsFunction = (table: (typeof SEARCHED_TABLES)[number]): string => `
CREATE FUNCTION steward_${table}_hits(${SEARCH_ARGUMENTS}) RETURNS text
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'total_count', least(coalesce(max(p.matching), 0), count_cap),
      'rows', coalesce(json_agg(json_build_object(${HIT_COLUMNS[table]}) ORDER BY p.place) FILTER (WHERE t.id IS NOT NULL), '[]'))::text
    FROM steward_newest_${table}(q, fragments, count_cap, window_offset, window_limit, first_walk_most, entry_in_rows, second_walk_share) p
    LEFT JOIN ${table} t ON t.id = p.id);
END;
$$;`;

/**
 * The search functions keep generic plans. Left to choose, PostgreSQL's plan cache went on planning some of
 * their statements on every call, as their generic plans' estimates (a LIMIT or a tsquery it cannot see)
 * looked no cheaper; the generic plans return the same rows (search-count-plans.test.ts) sooner (docs/search.md).
 */
const genericPlans = SEARCHED_TABLES.map(
  (table) =>
    `ALTER FUNCTION steward_newest_${table}(tsquery, text[], integer, integer, integer, integer, float8, float8) SET plan_cache_mode = force_generic_plan;`,
).join('\n');

export const searchHits: Migration = {
  name: '1400-search-hits',
  sql: [genericPlans, ...SEARCHED_TABLES.map(hitsFunction)].join('\n'),
};
