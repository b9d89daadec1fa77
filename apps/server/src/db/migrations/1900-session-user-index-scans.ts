import type { Migration } from './migration.ts';

/**
 * The session lookup (steward_session_user, migration 1600) reads its rows through the indexes. Its tables
 * are small (tens of staff, a session per sign-in), so its kept generic plan read both from end to end and
 * joined them through a hash table, on every /api request; each such scan also asks the file's size, which
 * on the embedded database is a call out to Node. Two index lookups and a nested loop cost 0.15 ms of CPU
 * against 0.18-0.19 ms (in-process, 25 Nov 2026). The same setting on the statistics function changed nothing.
 */
export const sessionUserIndexScans: Migration = {
  name: '1900-session-user-index-scans',
  sql: /* sql */ `
ALTER FUNCTION steward_session_user(text) SET enable_seqscan = off;
`,
};
