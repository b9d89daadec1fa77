import type { Migration } from './migration.ts';

/**
 * The global search's staff accounts as the API answers them, `{"total_count": …, "rows": [{id, name}, …]}`:
 * the accounts whose folded name or email holds every fragment (LIKE patterns, already folded), by name,
 * counted up to the cap. The first fragment is the condition the trigram indexes on steward_fold(name) and
 * steward_fold(email) can serve; the others are checked on the rows it finds. Sent as a statement of its own
 * (one per number of words typed), it was parsed and planned on every search: 0.50-0.89 ms of CPU a call,
 * in-process at 1M history rows, against 0.29-0.49 ms through this function, whose plan is kept; its generic
 * plan still reads both trigram indexes (EXPLAIN at 50,000 accounts, 25 Nov 2026).
 */
export const userAccountHits: Migration = {
  name: '1700-user-account-hits',
  sql: /* sql */ `
CREATE FUNCTION steward_user_account_hits(fragments text[], count_cap integer, window_offset integer, window_limit integer)
RETURNS text LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN (
    SELECT json_build_object(
      'total_count', least(coalesce(max(m.matching), 0), count_cap),
      'rows', coalesce(json_agg(json_build_object('id', m.id, 'name', m.name) ORDER BY m.place), '[]'))::text
    FROM (
      SELECT u.id, u.name, count(*) OVER () AS matching, row_number() OVER (ORDER BY u.name, u.id) AS place
        FROM users u
       WHERE (steward_fold(u.name) LIKE fragments[1] OR steward_fold(u.email) LIKE fragments[1])
         AND NOT EXISTS (
           SELECT FROM unnest(fragments[2:]) AS fragment
            WHERE NOT (steward_fold(u.name) LIKE fragment OR steward_fold(u.email) LIKE fragment))
       ORDER BY u.name, u.id
       LIMIT window_limit OFFSET window_offset
    ) m);
END;
$$;
`,
};
