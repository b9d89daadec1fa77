import type { Migration } from './migration.ts';

/**
 * The session detail shows each answer's ratings and the help requests sent from the session, and the help
 * request detail shows its session's transcript: indexes for the two lookups, so they stay two index reads
 * on a large database.
 */
export const sessionLinks: Migration = {
  name: '2640-session-links',
  sql: /* sql */ `
CREATE INDEX feedback_history_idx ON feedback (history_id) WHERE history_id IS NOT NULL;
CREATE INDEX help_requests_session_idx ON help_requests (session_id, time, id) WHERE session_id IS NOT NULL;
`,
};
