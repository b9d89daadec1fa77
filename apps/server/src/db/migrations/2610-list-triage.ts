import type { Migration } from './migration.ts';

/**
 * Issue 40, the staff's loop: the lists' triage filters and the exports.
 * - `export_data` for the administrators (the contract's DEFAULT_ROLE_CAPABILITIES gives it to them).
 * - Indexes for the filters: country and site (the origin's scheme and host) each lead an index ending in
 *   the lists' order `(time DESC, id DESC)`, so a filtered page reads its ids in order from one index.
 *   History's badges and its rating and help-request filters use feedback by exchange and help requests by
 *   chat session (migration 2640).
 */
/**
 * The site of each list's URL column, its scheme and host lower-cased: what the origin filter compares
 * (lib/list-filter-sql.ts's siteOf, pinned to these by db/migration-pins.test.ts).
 */
export const SITE_EXPRESSIONS = {
  origin: `lower(substring(origin FROM '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]+'))`,
  origin_url: `lower(substring(origin_url FROM '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]+'))`,
};

export const listTriage: Migration = {
  name: '2610-list-triage',
  sql: `
INSERT INTO role_capabilities (role, capability) VALUES ('admin', 'export_data') ON CONFLICT DO NOTHING;

CREATE INDEX history_country_time_idx ON history (country, time DESC, id DESC);
CREATE INDEX history_site_time_idx ON history (${SITE_EXPRESSIONS.origin}, time DESC, id DESC);
CREATE INDEX feedback_country_time_idx ON feedback (country, time DESC, id DESC);
CREATE INDEX help_requests_country_time_idx ON help_requests (country, time DESC, id DESC);
CREATE INDEX help_requests_site_time_idx ON help_requests (${SITE_EXPRESSIONS.origin_url}, time DESC, id DESC);
`,
};
