import type { Migration } from './migration.ts';

/**
 * Issue 57, the webhook event coverage_gap.appeared (modules/insights/coverage-gap-alerts.ts): the coverage gaps
 * already told. One row per wording of a gap told (the SHA-256 of the question as Insights compares wordings, never
 * its text), with the gap it belongs to (`gap_key`, the event's `key`). The key of the gap's leading wording is what
 * makes a gap told once, whichever instance or retry gets there first; its other wordings keep the same gap from being
 * told again when Insights' grouping picks another leader. Rows older than 90 days are forgotten.
 */
export const coverageGapAlerts: Migration = {
  name: '3700-coverage-gap-alerts',
  sql: /* sql */ `
CREATE TABLE coverage_gap_alerts (
  wording_hash text PRIMARY KEY,
  gap_key text NOT NULL,
  alerted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coverage_gap_alerts_alerted_at_idx ON coverage_gap_alerts (alerted_at);
`,
};
