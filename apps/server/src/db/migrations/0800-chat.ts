import type { Migration } from './migration.ts';

/**
 * The public chat calls (issue 16). A history row the bot could not answer ("I don't know") is a
 * coverage gap: flagged, with a partial index so the History screen's "Coverage gaps only" filter
 * reads only those rows, newest first. `server_secrets` holds secrets every instance must share,
 * such as the key that signs chat session ids; each is made once, by whichever instance needs it first.
 */
export const chat: Migration = {
  name: '0800-chat',
  sql: /* sql */ `
ALTER TABLE history ADD COLUMN coverage_gap boolean NOT NULL DEFAULT false;
CREATE INDEX history_coverage_gap_time_idx ON history (time DESC, id DESC) WHERE coverage_gap;

CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};
