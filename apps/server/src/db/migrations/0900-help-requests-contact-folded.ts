import type { Migration } from './migration.ts';

/**
 * Help requests keep their name and email folded (steward_fold) in a stored column, with one trigram
 * index. Search matched fragments against steward_fold(name) and steward_fold(email) computed for every
 * row it read: PostgreSQL cannot inline steward_fold (its dictionary lookup is only stable), and those
 * calls were most of a search's time. Rewrites help_requests once.
 */
export const helpRequestsContactFolded: Migration = {
  name: '0900-help-requests-contact-folded',
  sql: /* sql */ `
ALTER TABLE help_requests ADD COLUMN contact_folded text GENERATED ALWAYS AS (
  steward_fold(name) || E'\\n' || steward_fold(email)
) STORED;
DROP INDEX help_requests_name_trgm_idx;
DROP INDEX help_requests_email_trgm_idx;
CREATE INDEX help_requests_contact_trgm_idx ON help_requests USING gin (contact_folded gin_trgm_ops);
`,
};
