import { HISTORY_BRANCHES, HISTORY_COLUMNS, HISTORY_FILTER_ARGUMENT, listPageFunction } from './1300-list-page-functions.ts';
import type { Migration } from './migration.ts';

/**
 * Issue 52: History's page reads its badges (issue 40: the exchange's latest thumb, whether its session asked for
 * help) in its own statement, as steward_history_badges (migration 3100) reads them for a batch: a statement
 * fewer per page. Each badge is one read of an index (feedback_history_idx, help_requests_session_idx) per row of
 * the page, and retention and erasure, which delete ratings and help requests, change what it finds at once.
 */
export const historyPageBadges: Migration = {
  name: '3340-history-page-badges',
  sql: listPageFunction({
    orReplace: true,
    table: 'history',
    filterArgument: HISTORY_FILTER_ARGUMENT,
    branches: HISTORY_BRANCHES,
    columns: `${HISTORY_COLUMNS},
        (SELECT f.rating FROM feedback f WHERE f.history_id = t.id ORDER BY f.id DESC LIMIT 1) AS rating,
        EXISTS (SELECT 1 FROM help_requests r WHERE r.session_id = t.session_id) AS "helpRequest"`,
  }),
};
