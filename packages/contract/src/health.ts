import { z } from 'zod';

export const healthAnswer = z.object({ success: z.literal(true) });

/** Why GET /api/health/ready answers 503: the instance should get no traffic yet (or any more). */
export const HEALTH_MESSAGES = {
  databaseDown: 'The database does not answer.',
  stopping: 'This instance is stopping: another one takes its requests.',
  newerDatabase: (names: readonly string[]) =>
    `A newer version of Steward upgraded the database (migration ${names.join(', ')}): this instance is out of date.`,
  pendingMigrations: (names: readonly string[]) =>
    `The database lacks ${names.length === 1 ? 'migration' : 'migrations'} ${names.join(', ')}: they are applied when an instance of this version starts.`,
} as const;

/**
 * Any call's 503 while the database cannot be reached (a restart, a failover): the call did not run, or its
 * transaction was cut off before it committed. The server comes back by itself when the database does.
 */
export const DATABASE_UNREACHABLE_MESSAGE = 'The database does not answer just now: try again in a few seconds.';
