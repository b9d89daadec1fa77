import { HISTORY_FILTER_ARGUMENT, PAGE_COUNTERS } from './1300-list-page-functions.ts';
import type { Migration } from './migration.ts';

/** History's answer row (contract's historyRow), in its order, from `t` (the history row) and `total_count`. */
export const HISTORY_SHOWN_ROW = `t.id, t.session_id, t.user_message, t.api_response, t.source_docs, t.origin, t.shown_account AS account,
          to_char(t.time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS time, t.country, t.user_ip, t.coverage_gap,
          t.rating, t.help_request, total_count`;

/** The body of one branch: as migration 1300's (the anchors' check, then the page), with the page's readiness. */
const branch = (rows: string, counter: string): string => {
  const and = (condition: string) => (rows ? `${rows} AND ${condition}` : condition);
  return `
    total_count := coalesce((SELECT count FROM list_counters WHERE name = '${counter}'), 0);
    IF top_time IS NOT NULL THEN
      newer := (SELECT count(*) FROM (SELECT 1 FROM history WHERE ${and('(time, id) > (top_time, top_id)')} LIMIT most_newer + 1) n);
      IF total_count - known_total <> newer OR newer > most_newer OR skip < newer THEN RETURN; END IF;
      skip := skip - newer;
    END IF;
    SELECT coalesce(json_agg(shown.answer_row ORDER BY p.time DESC, p.id DESC), '[]')::text, coalesce(bool_and(shown.shown_as_stored), true)
      INTO page, ready
    FROM (SELECT id, time FROM history WHERE ${and('(time, id) <= (anchor_time, anchor_id)')}
          ORDER BY time DESC, id DESC LIMIT take OFFSET skip) p
    CROSS JOIN LATERAL (
      SELECT (SELECT answer_row FROM (SELECT ${HISTORY_SHOWN_ROW}) answer_row) AS answer_row, t.shown_as_stored
      FROM history t WHERE t.id = p.id OFFSET 0) shown;`;
};

/**
 * Issue 52: History's list answers its page as the database writes it. A history page was written as JSON by
 * the database, read back into objects, presented, checked against the contract and written as JSON again:
 * at a million rows and 50 connections that was about a third of the list's time. What the presenter computed
 * from a row (history.presenter.ts: the account as JSON text, the source documents it can show, the time to the
 * millisecond) is now kept on the row when it is written (`shown_account`, and `shown_as_stored` when the stored
 * source documents and time are answered as they are), and steward_history_shown_page answers the contract's
 * rows themselves (its order, `total_count` in each), which the route sends as they are.
 *
 * `ready` is false when a row of the page was not written so (the rows stored before this migration, any row
 * written around recordExchange): the route then reads the page through steward_history_page and the presenter,
 * as before. Arguments and anchors' check as migration 1300's functions; its page is NULL only when the anchors
 * are wrong.
 */
export const historyShownRows: Migration = {
  name: '3720-history-shown-rows',
  sql: /* sql */ `
ALTER TABLE history
  ADD COLUMN shown_account text,
  ADD COLUMN shown_as_stored boolean NOT NULL DEFAULT false;

CREATE FUNCTION steward_history_shown_page(
  ${HISTORY_FILTER_ARGUMENT}, top_time timestamptz, top_id bigint, known_total bigint, most_newer integer,
  anchor_time timestamptz, anchor_id bigint, skip integer, take integer,
  OUT total_count bigint, OUT newer integer, OUT page text, OUT ready boolean
) LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF gaps_only THEN${branch('coverage_gap', PAGE_COUNTERS.coverageGaps)}
  ELSE${branch('', PAGE_COUNTERS.history)}
  END IF;
END;
$$;
`,
};
