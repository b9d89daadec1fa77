import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthAnswer } from '@steward/contract/health';
import type { AppContext } from '../../app-context.ts';

/** GET /api/health answers once the database answers: for load balancers and start-up scripts. */
export async function healthRoutes(app: FastifyInstance, { database }: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: healthAnswer } } },
    async () => {
      await database.query('SELECT 1');
      return { success: true as const };
    },
  );
}
