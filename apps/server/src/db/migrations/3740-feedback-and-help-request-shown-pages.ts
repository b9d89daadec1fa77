import { PAGE_COUNTERS } from './1300-list-page-functions.ts';
import type { Migration } from './migration.ts';

/** The time as Date's toISOString writes it, to the millisecond (both drop the microseconds). */
const ISO_TIME = `to_char(t.time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time`;
/** A time toISOString writes with four digits of year, as to_char does: any other stays with the presenter. */
const FOUR_DIGIT_YEAR = `t.time >= '0001-01-01 00:00:00+00' AND t.time < '10000-01-01 00:00:00+00'`;

/** Feedback's answer row (contract's feedbackRow), in its order, from `t`, `reason` and `total_count`. */
const FEEDBACK_SHOWN_ROW = `t.id, t.user_ip, t.country, ${ISO_TIME}, t.user_feedback, reason.written AS reason,
          t.user_message, t.api_response, t.rating, t.session_id, total_count`;

/** Help Requests' answer row (contract's helpRequestListRow), in its order, from `t` and `total_count`. */
const HELP_REQUEST_SHOWN_ROW = `t.id, t.user_ip, t.country, ${ISO_TIME}, t.name, t.email, t.message, t.origin_url, t.status, total_count`;

/**
 * Feedback's reason as the presenter writes it, JSON.stringify of the list (`[]` for anything else), written
 * element by element: a jsonb list's own text puts a space after each comma. Its strings are escaped as
 * JSON.stringify escapes them; any other element (a number could be written otherwise) keeps the row from
 * being `ready`.
 */
const FEEDBACK_REASON = `CROSS JOIN LATERAL (
        SELECT '[' || coalesce(string_agg(element::text, ',' ORDER BY n), '') || ']' AS written,
               coalesce(bool_and(jsonb_typeof(element) = 'string'), true) AS strings
        FROM jsonb_array_elements(CASE jsonb_typeof(t.reason) WHEN 'array' THEN t.reason ELSE '[]' END) WITH ORDINALITY r(element, n)) reason`;

interface ShownPage {
  table: 'feedback' | 'help_requests';
  /** The filtered column (`rating`, `status`) and its list counters, as migration 1300's functions have them. */
  column: string;
  counters: { all: string } & Record<string, string>;
  row: string;
  /** What else the row is read with (`t` in scope), and when it can be written so. */
  joins: string;
  ready: string;
}

/** The body of one branch: as migration 1300's (the anchors' check, then the page), with the page's readiness. */
const branch = ({ table, row, joins, ready }: ShownPage, rows: string, counter: string): string => {
  const and = (condition: string) => (rows ? `${rows} AND ${condition}` : condition);
  return `
    total_count := coalesce((SELECT count FROM list_counters WHERE name = ${counter}), 0);
    IF top_time IS NOT NULL THEN
      newer := (SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE ${and('(time, id) > (top_time, top_id)')} LIMIT most_newer + 1) n);
      IF total_count - known_total <> newer OR newer > most_newer OR skip < newer THEN RETURN; END IF;
      skip := skip - newer;
    END IF;
    SELECT coalesce(json_agg(shown.answer_row ORDER BY p.time DESC, p.id DESC), '[]')::text, coalesce(bool_and(shown.ready), true)
      INTO page, ready
    FROM (SELECT id, time FROM ${table} WHERE ${and('(time, id) <= (anchor_time, anchor_id)')}
          ORDER BY time DESC, id DESC LIMIT take OFFSET skip) p
    CROSS JOIN LATERAL (
      SELECT (SELECT answer_row FROM (SELECT ${row}) answer_row) AS answer_row, ${ready} AS ready
      FROM ${table} t ${joins} WHERE t.id = p.id OFFSET 0) shown;`;
};

const shownPageFunction = (list: ShownPage): string => {
  const { table, column, counters } = list;
  const { all, ...byValue } = counters;
  const counterByValue = `CASE ${column}_filter ${Object.entries(byValue)
    .map(([value, counter]) => `WHEN '${value}' THEN '${counter}'`)
    .join(' ')} END`;
  return `
CREATE FUNCTION steward_${table}_shown_page(
  ${column}_filter text, top_time timestamptz, top_id bigint, known_total bigint, most_newer integer,
  anchor_time timestamptz, anchor_id bigint, skip integer, take integer,
  OUT total_count bigint, OUT newer integer, OUT page text, OUT ready boolean
) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF ${column}_filter = '' THEN${branch(list, '', `'${all}'`)}
  ELSE${branch(list, `${column} = ${column}_filter`, counterByValue)}
  END IF;
END;
$$;
`;
};

/**
 * Issue 52: Feedback's and Help Requests' lists answer their pages as the database writes them, as History's
 * does (migration 3720). steward_feedback_shown_page and steward_help_requests_shown_page answer the
 * contract's rows themselves (its order, `total_count` in each; feedback's reason as the JSON text of its
 * list), which the routes send as they are: nothing is kept on the rows, everything the presenters compute
 * is written here.
 *
 * `ready` is false when a row of the page cannot be written so (a time whose year toISOString writes other
 * than with four digits, a feedback reason holding other than strings): the route then reads the page through
 * migration 1300's function and the presenter, as before. Arguments and anchors' check as migration 1300's
 * functions; the page is NULL only when the anchors are wrong.
 */
export const feedbackAndHelpRequestShownPages: Migration = {
  name: '3740-feedback-and-help-request-shown-pages',
  sql: [
    shownPageFunction({
      table: 'feedback',
      column: 'rating',
      counters: PAGE_COUNTERS.feedback,
      row: FEEDBACK_SHOWN_ROW,
      joins: FEEDBACK_REASON,
      ready: `${FOUR_DIGIT_YEAR} AND reason.strings`,
    }),
    shownPageFunction({
      table: 'help_requests',
      column: 'status',
      counters: PAGE_COUNTERS.helpRequests,
      row: HELP_REQUEST_SHOWN_ROW,
      joins: '',
      ready: FOUR_DIGIT_YEAR,
    }),
  ].join('\n'),
};
