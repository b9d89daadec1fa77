import type { Migration } from './migration.ts';

/**
 * Issue 55, a PDF added by URL kept in sync as a website is. `document_files` remembers the URL a file was fetched
 * from (POST /api/upload-url) with the validators and hash of that fetch, so the document registered from it becomes
 * a URL source (`document_url_sources`): its schedule (off by default), the validators and hash of the copy indexed,
 * how many syncs in a row found it gone, and whether it is retired or its last sync failed. Its syncs are recorded in
 * `site_syncs` as a site's are (one table of source syncs): a row is a site's or a document's, never both.
 */
export const documentUrlSync: Migration = {
  name: '3650-document-url-sync',
  sql: /* sql */ `
ALTER TABLE document_files ADD COLUMN fetched_url text;
ALTER TABLE document_files ADD COLUMN fetched_etag text;
ALTER TABLE document_files ADD COLUMN fetched_last_modified text;
ALTER TABLE document_files ADD COLUMN content_hash text;

CREATE TABLE document_url_sources (
  document_id integer PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
  url text NOT NULL,
  etag text,
  last_modified text,
  content_hash text,
  sync_schedule text NOT NULL DEFAULT 'off'
    CONSTRAINT document_url_sources_sync_schedule_check CHECK (sync_schedule IN ('off', 'daily', 'weekly')),
  state text NOT NULL DEFAULT 'current'
    CONSTRAINT document_url_sources_state_check CHECK (state IN ('current', 'failing', 'retired')),
  message text,
  gone_count integer NOT NULL DEFAULT 0,
  added_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE site_syncs ALTER COLUMN site_id DROP NOT NULL;
ALTER TABLE site_syncs ADD COLUMN document_id integer REFERENCES documents (id) ON DELETE CASCADE;
ALTER TABLE site_syncs ADD CONSTRAINT site_syncs_source_check CHECK ((site_id IS NULL) <> (document_id IS NULL));
CREATE INDEX site_syncs_document_idx ON site_syncs (document_id, id DESC) WHERE document_id IS NOT NULL;
`,
};
