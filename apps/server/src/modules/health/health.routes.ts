import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HEALTH_MESSAGES, healthAnswer } from '@steward/contract/health';
import type { AppContext } from '../../app-context.ts';
import { migrationState } from '../../db/migrate.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * GET /api/health: alive (the process answers and so does the database), for load balancers and start-up scripts.
 * GET /api/health/ready: ready to take traffic: the database answers and holds exactly this version's migrations
 * (during a rolling upgrade, an old instance on a database a newer one migrated says so, and so does a new one
 * before its migrations ran).
 * Both answer 503 with the reason while the database is gone (a load balancer takes the instance out, and puts it
 * back when it answers again) and from the moment a graceful stop begins (docs/operations.md).
 */
export async function healthRoutes(app: FastifyInstance, { database, databaseReachability, draining }: AppContext): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const refuseWhileStoppingOrGone = () => {
    if (draining.active) throw new HttpError(503, HEALTH_MESSAGES.stopping);
    if (!databaseReachability.reachable) throw new HttpError(503, HEALTH_MESSAGES.databaseDown);
  };
  typed.get('/api/health', { config: { access: 'public' }, schema: { response: { 200: healthAnswer } } }, async () => {
    refuseWhileStoppingOrGone();
    try {
      await database.query('SELECT 1');
    } catch (error) {
      databaseReachability.report(error);
      throw new HttpError(503, HEALTH_MESSAGES.databaseDown);
    }
    return { success: true as const };
  });

  typed.get('/api/health/ready', { config: { access: 'public' }, schema: { response: { 200: healthAnswer } } }, async () => {
    refuseWhileStoppingOrGone();
    const state = await migrationState(database).catch((error: unknown) => {
      databaseReachability.report(error);
      return undefined;
    });
    if (!state) throw new HttpError(503, HEALTH_MESSAGES.databaseDown);
    if (state.unknown.length > 0) throw new HttpError(503, HEALTH_MESSAGES.newerDatabase(state.unknown));
    if (state.pending.length > 0) throw new HttpError(503, HEALTH_MESSAGES.pendingMigrations(state.pending));
    return { success: true as const };
  });
}
