import type { Migration } from './migration.ts';

/**
 * Issue 56, sessions staff can see and end. A session gets an `id` the dashboard may show and name in a call
 * (the id_hash stays the cookie's lookup key and never leaves the server; ending a session by id also checks it
 * is the caller's), and the `place` it was signed in from (a trusted proxy's header, else the address's country).
 */
export const sessionList: Migration = {
  name: '3640-session-list',
  sql: /* sql */ `
ALTER TABLE sessions ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
ALTER TABLE sessions ADD CONSTRAINT sessions_id_key UNIQUE (id);
ALTER TABLE sessions ADD COLUMN place text;
`,
};
