import { z } from 'zod';

export const healthAnswer = z.object({ success: z.literal(true) });

/** Why GET /api/health/ready answers 503: the instance should get no traffic yet (or any more). */
export const HEALTH_MESSAGES = {
  databaseDown: 'The database does not answer.',
  newerDatabase: (names: readonly string[]) =>
    `A newer version of Steward upgraded the database (migration ${names.join(', ')}): this instance is out of date.`,
  pendingMigrations: (names: readonly string[]) =>
    `The database lacks ${names.length === 1 ? 'migration' : 'migrations'} ${names.join(', ')}: they are applied when an instance of this version starts.`,
} as const;
