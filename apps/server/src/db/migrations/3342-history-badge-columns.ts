import { HISTORY_BRANCHES, HISTORY_COLUMNS, HISTORY_FILTER_ARGUMENT, listPageFunction } from './1300-list-page-functions.ts';
import type { Migration } from './migration.ts';

/** The badges filled from the ratings and help requests stored (each statement alone: a test runs them again). */
export const HISTORY_BADGES_FILL = [
  `UPDATE history h SET rating = latest.rating
  FROM (SELECT DISTINCT ON (f.history_id) f.history_id, f.rating FROM feedback f ORDER BY f.history_id, f.id DESC) latest
 WHERE h.id = latest.history_id`,
  `UPDATE history SET help_request = true
 WHERE session_id IN (SELECT r.session_id FROM help_requests r WHERE r.session_id IS NOT NULL)`,
] as const;

/**
 * Issue 52: History's badges (issue 40: the exchange's latest thumb, whether its session asked for help) are kept
 * on the history rows, so a page reads them with the row instead of two index lookups a row in other tables
 * (migration 3340) or a second statement (steward_history_badges, migration 3100, which goes). History's module
 * keeps them true: feedback's and help requests' writes and deletes (the retention's and an erasure's) ask it
 * to, in their transactions; a new exchange in a session that asked for help is born with its badge. Filled
 * once here from the ratings and help requests stored. History's rating and help-request filters read the same
 * columns, over an index each, so a rare thumb's page and its bounded count walk only its own rows.
 */
export const historyBadgeColumns: Migration = {
  name: '3342-history-badge-columns',
  sql: /* sql */ `
ALTER TABLE history
  ADD COLUMN rating text CONSTRAINT history_rating_check CHECK (rating IN ('up', 'down')),
  ADD COLUMN help_request boolean NOT NULL DEFAULT false;

${HISTORY_BADGES_FILL.join(';\n')};

CREATE INDEX history_rating_time_idx ON history (rating, time DESC, id DESC) WHERE rating IS NOT NULL;
CREATE INDEX history_help_request_time_idx ON history (time DESC, id DESC) WHERE help_request;

${listPageFunction({
  orReplace: true,
  table: 'history',
  filterArgument: HISTORY_FILTER_ARGUMENT,
  branches: HISTORY_BRANCHES,
  columns: `${HISTORY_COLUMNS}, t.rating, t.help_request AS "helpRequest"`,
})}
DROP FUNCTION steward_history_badges(bigint[], text[]);
`,
};
