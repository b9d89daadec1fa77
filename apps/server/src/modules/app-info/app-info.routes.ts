import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appInfoRow } from '@steward/contract/app-info';
import { rowsAnswer } from '@steward/contract/envelope';
import type { AppContext } from '../../app-context.ts';

/** GET /api/app-info: the assistant's name for the top bar (ASSISTANT_NAME). */
export async function appInfoRoutes(app: FastifyInstance, { config }: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/app-info',
    { config: { access: 'public' }, schema: { response: { 200: rowsAnswer(appInfoRow) } } },
    async () => ({ success: true as const, data: { rows: [{ assistant_name: config.assistantName }] } }),
  );
}
