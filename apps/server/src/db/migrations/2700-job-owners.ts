import type { Migration } from './migration.ts';

/**
 * Which instance holds a running job (issue 42): its heartbeat renews only its own leases, and an instance
 * that restarts releases what its previous run held instead of waiting for the leases to end.
 */
export const jobOwners: Migration = {
  name: '2700-job-owners',
  sql: /* sql */ `
ALTER TABLE jobs ADD COLUMN locked_by text;
`,
};
