import type { FastifyInstance } from 'fastify';
import { DATABASE_UNREACHABLE_MESSAGE } from '@steward/contract/health';
import type { ErrorAnswer } from '@steward/contract/envelope';
import type { DatabaseReachability } from '../db/database-reachability.ts';

/** What a client waits before trying again, in seconds: about how often a gone database is asked again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnreachableAnswer: ErrorAnswer = { success: false, error: { message: DATABASE_UNREACHABLE_MESSAGE } };

/**
 * While the database is known to be gone, calls answer 503 at once instead of each waiting for a connection
 * that cannot be had; the health calls still run, to say why. The dashboard's own files need no database.
 */
export function refuseCallsWhileDatabaseGone(app: FastifyInstance, reachability: DatabaseReachability): void {
  app.addHook('onRequest', async (request, reply) => {
    if (reachability.reachable) return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || path === '/api/health' || path.startsWith('/api/health/')) return;
    return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(databaseUnreachableAnswer);
  });
}
