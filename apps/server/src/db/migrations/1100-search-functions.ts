import type { Migration } from './migration.ts';

/**
 * The list_counters rows these functions read, written as literals: a migration that has shipped never changes,
 * so it does not follow the modules' constants. migration-pins.test.ts fails if the two ever differ.
 */
export const SEARCH_COUNTERS = { history: 'history', feedback: 'feedback', helpRequests: 'help_requests' } as const;

interface SearchedTableFunction {
  table: 'history' | 'feedback' | 'help_requests';
  /** The list counter holding the table's rows (history.counters.ts and its siblings). */
  counter: string;
  /** Whether a row matches, from its columns, the query `q` and the folded fragments `fragments`. */
  condition: string;
  /**
   * The rare branch's condition as dynamic SQL, used when there are fragments, where a static one could not
   * use an index (LIKE ALL of an array is no trigram index condition; `$2[1]` and so on, known when the
   * statement is planned, are): `$1` is the query, `%s` the fragments' LIKE conditions joined by AND.
   */
  rareCondition?: string;
  /** CREATE OR REPLACE, for a later migration's new version of the function. */
  replace?: boolean;
}

/** The rare branch: every matching row from the table's indexes, counted, and the window's newest of them. */
const rareQuery = (table: string, condition: string, offset: string, limit: string): string => `
      WITH matched AS MATERIALIZED (SELECT t.id, t.time FROM ${table} t WHERE ${condition})
      SELECT (SELECT count(*) FROM matched)::integer, w.id, w.place FROM (SELECT 1) AS one LEFT JOIN LATERAL (
        SELECT m.id::bigint AS id, (row_number() OVER (ORDER BY m.time DESC, m.id DESC) - ${offset})::integer AS place
        FROM matched m ORDER BY m.time DESC, m.id DESC LIMIT ${limit} OFFSET ${offset}) w ON true`;

/**
 * The newest rows matching a search, as newestMatches in search.repository.ts describes: the first walk
 * along the newest rows, the second when it pays, otherwise the rows from the search (GIN) index, counted.
 * One function per table, so each statement in it is static and its plan is kept for the session: planning
 * the same steps as one statement of CTEs cost ~2 ms a top-bar search, of its ~5.5 ms in-process (docs/search.md).
 */
export const searchFunction = ({ table, counter, condition, rareCondition, replace = false }: SearchedTableFunction): string => `
CREATE ${replace ? 'OR REPLACE ' : ''}FUNCTION steward_newest_${table}(
  q tsquery, fragments text[], count_cap integer, window_offset integer, window_limit integer,
  first_walk_most integer, entry_in_rows float8, second_walk_share float8
) RETURNS TABLE (matching integer, id bigint, place integer) LANGUAGE plpgsql STABLE ROWS 20 AS $$
#variable_conflict use_column
DECLARE
  table_rows float8 := (SELECT count FROM list_counters WHERE name = '${counter}');
  walked bigint := steward_first_walk_rows(count_cap, table_rows, first_walk_most, entry_in_rows);
  window_end integer := window_offset + window_limit;
  newest bigint[];
  found_count integer;
BEGIN
  SELECT array_agg(w.id ORDER BY w.time DESC, w.id DESC) INTO newest FROM (
    SELECT t.id, t.time FROM (SELECT * FROM ${table} ORDER BY time DESC, id DESC LIMIT walked) t
    WHERE ${condition} LIMIT count_cap + 1) w;
  found_count := coalesce(cardinality(newest), 0);
  IF found_count <= count_cap AND steward_walks_on(found_count, count_cap, walked, table_rows, entry_in_rows) THEN
    walked := ceil(second_walk_share * (count_cap + 1) * walked / found_count);
    SELECT array_agg(w.id ORDER BY w.time DESC, w.id DESC) INTO newest FROM (
      SELECT t.id, t.time FROM (SELECT * FROM ${table} ORDER BY time DESC, id DESC LIMIT walked) t
      WHERE ${condition} LIMIT count_cap + 1) w;
    found_count := coalesce(cardinality(newest), 0);
  END IF;
  IF found_count > count_cap THEN
    IF window_end <= count_cap + 1 THEN
      RETURN QUERY SELECT count_cap + 1, n.id, (n.place - window_offset)::integer
        FROM unnest(newest) WITH ORDINALITY AS n(id, place)
        WHERE n.place > window_offset AND n.place <= window_end;
    ELSE
      RETURN QUERY SELECT count_cap + 1, d.id::bigint, (row_number() OVER (ORDER BY d.time DESC, d.id DESC))::integer
        FROM (SELECT t.id, t.time FROM ${table} t WHERE ${condition}
              ORDER BY t.time DESC, t.id DESC LIMIT window_limit OFFSET window_offset) d;
    END IF;
  ELSE
    ${
      rareCondition
        ? `IF cardinality(fragments) > 0 THEN
      RETURN QUERY EXECUTE format($rare$${rareQuery(table, rareCondition, '$3', '$4')}$rare$,
        (SELECT string_agg(format('t.contact_folded LIKE $2[%s]', i), ' AND ') FROM generate_subscripts(fragments, 1) AS i))
        USING q, fragments, window_offset, window_limit;
    ELSE
      RETURN QUERY ${rareQuery(table, 't.search @@ q', 'window_offset', 'window_limit')};
    END IF;`
        : `RETURN QUERY ${rareQuery(table, condition, 'window_offset', 'window_limit')};`
    }
    RETURN;
  END IF;
  IF NOT FOUND THEN
    RETURN QUERY SELECT count_cap + 1, NULL::bigint, NULL::integer;
  END IF;
END;
$$;
`;

/**
 * count-plan.ts's two decisions, as functions the tests can ask. How many of the newest rows the first walk
 * reads: √(ratio × (cap + 1) × rows), at most `most`; none in an empty table or one without a counter yet.
 * Whether a first walk that found `found` matches in `walked` rows walks on: found² × ratio × rows >
 * walked² × (cap + 1) (never in an empty table).
 */
const decisions = `
CREATE FUNCTION steward_first_walk_rows(count_cap integer, table_rows float8, most integer, entry_in_rows float8)
  RETURNS bigint LANGUAGE sql IMMUTABLE
  RETURN least(most, ceil(sqrt(entry_in_rows * (count_cap + 1) * greatest(coalesce(table_rows, 0), 0))));

CREATE FUNCTION steward_walks_on(found integer, count_cap integer, walked bigint, table_rows float8, entry_in_rows float8)
  RETURNS boolean LANGUAGE sql IMMUTABLE
  RETURN found::float8 ^ 2 * entry_in_rows * coalesce(table_rows, 0) > walked::float8 ^ 2 * (count_cap + 1);
`;

export const searchFunctions: Migration = {
  name: '1100-search-functions',
  sql: [
    decisions,
    searchFunction({ table: 'history', counter: SEARCH_COUNTERS.history, condition: 't.search @@ q' }),
    searchFunction({ table: 'feedback', counter: SEARCH_COUNTERS.feedback, condition: 't.search @@ q' }),
    searchFunction({
      table: 'help_requests',
      counter: SEARCH_COUNTERS.helpRequests,
      condition: '(t.search @@ q OR (cardinality(fragments) > 0 AND t.contact_folded LIKE ALL (fragments)))',
      rareCondition: '(t.search @@ $1 OR (%s))',
    }),
  ].join('\n'),
};
