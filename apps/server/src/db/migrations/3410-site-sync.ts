import type { Migration } from './migration.ts';

/**
 * Issue 55, sources that stay in sync. A site gets a sync schedule (off by default); each page keeps the validators
 * its server sent (ETag, Last-Modified) for conditional requests, how many syncs in a row found it gone, its depth
 * (a sync starts from the pages already known), and what the last sync found of it. `site_syncs` records each sync
 * (the first read's included): who or what started it, when, and its pages counted by outcome. A page gone is
 * `retired`: its document and chunks are deleted, the row stays to say so.
 */
export const siteSync: Migration = {
  name: '3410-site-sync',
  sql: /* sql */ `
ALTER TABLE site_sources ADD COLUMN sync_schedule text NOT NULL DEFAULT 'off'
  CONSTRAINT site_sources_sync_schedule_check CHECK (sync_schedule IN ('off', 'daily', 'weekly'));

ALTER TABLE site_pages DROP CONSTRAINT site_pages_status_check;
ALTER TABLE site_pages ADD CONSTRAINT site_pages_status_check CHECK (status IN ('found', 'indexed', 'failed', 'skipped', 'retired'));
ALTER TABLE site_pages ADD COLUMN depth integer NOT NULL DEFAULT 0;
ALTER TABLE site_pages ADD COLUMN etag text;
ALTER TABLE site_pages ADD COLUMN last_modified text;
ALTER TABLE site_pages ADD COLUMN gone_count integer NOT NULL DEFAULT 0;

CREATE TABLE site_syncs (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  site_id integer NOT NULL REFERENCES site_sources (id) ON DELETE CASCADE,
  trigger text NOT NULL CONSTRAINT site_syncs_trigger_check CHECK (trigger IN ('added', 'manual', 'schedule')),
  requested_by text,
  requested_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'queued' CONSTRAINT site_syncs_status_check CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
  message text,
  queued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  checked integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  changed integer NOT NULL DEFAULT 0,
  added integer NOT NULL DEFAULT 0,
  removed integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0
);
CREATE INDEX site_syncs_site_idx ON site_syncs (site_id, id DESC);

ALTER TABLE site_pages ADD COLUMN sync_id integer REFERENCES site_syncs (id) ON DELETE SET NULL;
ALTER TABLE site_pages ADD COLUMN sync_outcome text
  CONSTRAINT site_pages_sync_outcome_check CHECK (sync_outcome IN ('unchanged', 'changed', 'added', 'removed', 'failed', 'skipped'));

`,
};
