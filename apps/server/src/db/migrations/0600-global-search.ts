import { SEARCH_CONFIGURATION_SQL } from '../search-configuration.ts';
import type { Migration } from './migration.ts';

/**
 * Global search (issue 12): the search columns fold accents (steward_search), and names and
 * emails get trigram indexes for partial matches. A generated column's expression cannot be
 * altered, so each search column is dropped and added again: PostgreSQL rewrites the table,
 * about a minute for a million history rows.
 */
export const globalSearch: Migration = {
  name: '0600-global-search',
  sql: /* sql */ `
${SEARCH_CONFIGURATION_SQL}

ALTER TABLE history DROP COLUMN search;
ALTER TABLE history ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('steward_search'::regconfig, coalesce(user_message, '') || ' ' || coalesce(api_response, ''))
) STORED;
CREATE INDEX history_search_idx ON history USING gin (search);

ALTER TABLE feedback DROP COLUMN search;
ALTER TABLE feedback ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('steward_search'::regconfig, coalesce(user_feedback, '') || ' ' || coalesce(user_message, '') || ' ' || coalesce(api_response, ''))
) STORED;
CREATE INDEX feedback_search_idx ON feedback USING gin (search);

ALTER TABLE help_requests DROP COLUMN search;
ALTER TABLE help_requests ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('steward_search'::regconfig, coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(message, ''))
) STORED;
CREATE INDEX help_requests_search_idx ON help_requests USING gin (search);

CREATE INDEX users_name_trgm_idx ON users USING gin (steward_fold(name) gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (steward_fold(email) gin_trgm_ops);
CREATE INDEX help_requests_name_trgm_idx ON help_requests USING gin (steward_fold(name) gin_trgm_ops);
CREATE INDEX help_requests_email_trgm_idx ON help_requests USING gin (steward_fold(email) gin_trgm_ops);
`,
};
