import type { Migration } from './migration.ts';

/**
 * Issue 55, first part: a website as a source. `site_sources` holds a site and its crawl's limits, state and counts;
 * `site_pages` each page found and how its reading went. An indexed page is a document (`documents.site_id`) whose
 * chunks the bot searches and cites with the page's URL; it is shown inside its site's card, not as a card of its
 * own, and goes with the site (cascade, its chunks with it). The audit log records adding, cancelling and deleting a site.
 */
export const siteSources: Migration = {
  name: '3400-site-sources',
  sql: /* sql */ `
CREATE TABLE site_sources (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  start_url text NOT NULL,
  start_kind text NOT NULL CONSTRAINT site_sources_start_kind_check CHECK (start_kind IN ('page', 'sitemap')),
  max_pages integer NOT NULL,
  max_depth integer NOT NULL,
  include_prefixes jsonb NOT NULL,
  exclude_prefixes jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CONSTRAINT site_sources_status_check CHECK (status IN ('queued', 'crawling', 'completed', 'cancelled', 'error')),
  message text,
  added_by text NOT NULL,
  added_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

CREATE TABLE site_pages (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  site_id integer NOT NULL REFERENCES site_sources (id) ON DELETE CASCADE,
  url text NOT NULL,
  title text,
  status text NOT NULL DEFAULT 'found' CONSTRAINT site_pages_status_check CHECK (status IN ('found', 'indexed', 'failed', 'skipped')),
  message text,
  content_hash text,
  document_id integer REFERENCES documents (id) ON DELETE SET NULL,
  CONSTRAINT site_pages_site_url_key UNIQUE (site_id, url)
);

ALTER TABLE documents ADD COLUMN site_id integer REFERENCES site_sources (id) ON DELETE CASCADE;
CREATE INDEX documents_site_idx ON documents (site_id) WHERE site_id IS NOT NULL;

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
  'sign_in', 'sign_in_failed', 'sign_in_alert', 'sign_out', 'user_invited', 'user_registered', 'password_reset',
  'password_changed', 'user_deleted', 'information_created', 'information_edited', 'information_approved',
  'information_deleted', 'document_uploaded', 'document_edited', 'document_replaced', 'document_deleted',
  'bot_settings_changed', 'fun_fact_added', 'fun_fact_edited', 'fun_fact_deleted', 'help_request_resolved',
  'help_request_reopened', 'data_exported', 'help_request_replied', 'personal_data_revealed', 'data_retention_purged',
  'personal_data_erased', 'site_added', 'site_cancelled', 'site_deleted'
));
ALTER TABLE audit_log DROP CONSTRAINT audit_log_object_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_object_type_check CHECK (object_type IN (
  'user', 'invitation', 'information', 'document', 'help_request', 'feedback', 'bot_settings', 'fun_fact', 'export',
  'chat_session', 'site'
));
`,
};
