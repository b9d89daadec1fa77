import { searchFunction } from './1100-search-functions.ts';
import type { Migration } from './migration.ts';

/** The help requests' list_counters row, as a literal (pinned to the module's constant by migration-pins.test.ts). */
export const HELP_REQUEST_HITS_COUNTER = 'help_requests';

/**
 * Help requests match a search by its words or by fragments of the customer's name or email. Until now the
 * function read the rare case with dynamic SQL built for the number of fragments, so that each fragment's LIKE
 * could be a trigram index condition: it was parsed and planned on every top-bar search, and the help requests
 * group, empty for most words, cost more than the history group (0.9–1.15 ms against 0.73 in-process at 3,308
 * help requests, 25 Nov 2026). One static statement does the same with a kept plan: the first fragment is the
 * trigram index condition (`fragments[1]`, which the generic plan reads as an index condition beside the GIN
 * index of the words), and every fragment is checked on the rows it finds. The caller sends the longest fragment
 * first (search.repository.ts), the one with the most trigrams. Without fragments `fragments[1]` is NULL, so
 * that side matches nothing, as before.
 */
export const helpRequestHitsStatic: Migration = {
  name: '2000-help-request-hits-static',
  sql: `${searchFunction({
    table: 'help_requests',
    counter: HELP_REQUEST_HITS_COUNTER,
    condition: '(t.search @@ q OR (t.contact_folded LIKE fragments[1] AND t.contact_folded LIKE ALL (fragments)))',
    replace: true,
  })}
ALTER FUNCTION steward_newest_help_requests(tsquery, text[], integer, integer, integer, integer, float8, float8) SET plan_cache_mode = force_generic_plan;
`,
};
