import type { Migration } from './migration.ts';

/**
 * The list_counters rows the page functions read, written as literals: a migration that has shipped never
 * changes, so it does not follow the modules' constants. migration-pins.test.ts fails if the two ever differ,
 * and pins each function's columns to its repository's.
 */
export const PAGE_COUNTERS = {
  history: 'history',
  coverageGaps: 'history:coverage_gap',
  feedback: { all: 'feedback', up: 'feedback:up', down: 'feedback:down' },
  helpRequests: { all: 'help_requests', pending: 'help_requests:pending', resolved: 'help_requests:resolved' },
} as const;

/** One filter of a list: a branch of its page function, with a static statement whose plan is kept. */
interface ListBranch {
  /** When this branch runs (PL/pgSQL condition on the function's filter argument); the last branch has none. */
  when?: string;
  /** The rows' condition, over the list's index: `''` for every row. */
  rows: string;
  /** The list_counters name holding exactly those rows, as an SQL expression. */
  counter: string;
}

interface ListPageFunction {
  /** `CREATE OR REPLACE`: a later migration's new body, with the same arguments and answer. */
  orReplace?: boolean;
  table: 'history' | 'feedback' | 'help_requests';
  /** The filter argument, declared: `gaps_only boolean`. */
  filterArgument: string;
  branches: ListBranch[];
  /** The row's columns as the JSON keys the repository reads, from `t`. */
  columns: string;
}

const utcIso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const and = (rows: string, condition: string) => (rows ? `${rows} AND ${condition}` : condition);

/** SQL for `name = {counter}` of a filtered list: 'feedback:' || rating, say, from the counters the code names. */
const counterByFilter = (argument: string, counters: Record<string, string>): string =>
  `CASE ${argument} ${Object.entries(counters)
    .map(([filter, counter]) => `WHEN '${filter}' THEN '${counter}'`)
    .join(' ')} END`;

const branchBody = (table: string, columns: string, { rows, counter }: ListBranch): string => `
    total_count := coalesce((SELECT count FROM list_counters WHERE name = ${counter}), 0);
    IF top_time IS NOT NULL THEN
      newer := (SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${and(rows, '(time, id) > (top_time, top_id)')} LIMIT most_newer + 1) n);
      IF total_count - known_total <> newer OR newer > most_newer OR skip < newer THEN RETURN; END IF;
      skip := skip - newer;
    END IF;
    SELECT coalesce(json_agg(shown ORDER BY p.time DESC, p.id DESC), '[]')::text INTO page
    FROM (SELECT id, time FROM ${table} WHERE ${and(rows, '(time, id) <= (anchor_time, anchor_id)')}
          ORDER BY time DESC, id DESC LIMIT take OFFSET skip) p
    CROSS JOIN LATERAL (SELECT ${columns} FROM ${table} t WHERE t.id = p.id OFFSET 0) shown;`;

/**
 * One page of a list, newest first, its counter, and the check of the page anchors it was sought from
 * (page-anchors.ts), in one statement whose plans are kept for the session. Planning the same statement
 * on each call cost ~0.3 ms of a history page's ~0.9 ms in-process; the function's generic plans are the
 * custom ones (LATERAL keeps the row lookup a nested loop for any LIMIT). The page is ordered by the
 * index's own columns: ordered by the shown time, as text, it cost 0.1 ms more (1M rows, 25 Nov 2026).
 *
 * The page is the `take` rows from `skip` rows below (anchor_time, anchor_id). With `top_time` given, the
 * anchors' ranks are first checked: the counter must have grown from `known_total` by exactly the rows
 * newer than the top anchor (at most `most_newer`), which then shift `skip`; when it did not, or the
 * shift passes the anchor, `page` is NULL and the caller walks.
 */
export const listPageFunction = ({ orReplace = false, table, filterArgument, branches, columns }: ListPageFunction): string => `
CREATE ${orReplace ? 'OR REPLACE ' : ''}FUNCTION steward_${table}_page(
  ${filterArgument}, top_time timestamptz, top_id bigint, known_total bigint, most_newer integer,
  anchor_time timestamptz, anchor_id bigint, skip integer, take integer,
  OUT total_count bigint, OUT newer integer, OUT page text
) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  ${branches
    .map((branch, index) =>
      branch.when === undefined ? `ELSE${branchBody(table, columns, branch)}` : `${index === 0 ? 'IF' : 'ELSIF'} ${branch.when} THEN${branchBody(table, columns, branch)}`,
    )
    .join('\n  ')}
  END IF;
END;
$$;
`;

export const HISTORY_COLUMNS = `t.id, t.session_id AS "sessionId", t.user_message AS "userMessage", t.api_response AS "apiResponse",
        t.source_docs AS "sourceDocs", t.origin, t.account, ${utcIso('t.time')} AS time, t.country, t.user_ip AS "userIp",
        t.coverage_gap AS "coverageGap"`;
const FEEDBACK_COLUMNS = `t.id, t.session_id AS "sessionId", t.user_message AS "userMessage", t.api_response AS "apiResponse",
        t.rating, t.reason, t.user_feedback AS "userFeedback", t.user_ip AS "userIp", t.country, ${utcIso('t.time')} AS time`;
const HELP_REQUEST_COLUMNS = `t.id, t.user_ip, t.country, ${utcIso('t.time')} AS time, t.name, t.email, t.message, t.origin_url, t.status`;

/** History's filter: every row, or only the coverage gaps. */
export const HISTORY_FILTER_ARGUMENT = 'gaps_only boolean';
export const HISTORY_BRANCHES: ListBranch[] = [
  { when: 'gaps_only', rows: 'coverage_gap', counter: `'${PAGE_COUNTERS.coverageGaps}'` },
  { rows: '', counter: `'${PAGE_COUNTERS.history}'` },
];

/** A list with a filter on one text column: `''` for every row (counter `all`), else the rows holding that value. */
const filteredListPageFunction = (
  table: ListPageFunction['table'],
  column: string,
  { all, ...byValue }: { all: string } & Record<string, string>,
  columns: string,
): string =>
  listPageFunction({
    table,
    filterArgument: `${column}_filter text`,
    branches: [
      { when: `${column}_filter = ''`, rows: '', counter: `'${all}'` },
      { rows: `${column} = ${column}_filter`, counter: counterByFilter(`${column}_filter`, byValue) },
    ],
    columns,
  });

export const listPageFunctions: Migration = {
  name: '1300-list-page-functions',
  sql: [
    listPageFunction({ table: 'history', filterArgument: HISTORY_FILTER_ARGUMENT, branches: HISTORY_BRANCHES, columns: HISTORY_COLUMNS }),
    filteredListPageFunction('feedback', 'rating', PAGE_COUNTERS.feedback, FEEDBACK_COLUMNS),
    filteredListPageFunction('help_requests', 'status', PAGE_COUNTERS.helpRequests, HELP_REQUEST_COLUMNS),
  ].join('\n'),
};
