import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowsAnswer } from '@steward/contract/envelope';
import { helpRequestCountRow } from '@steward/contract/help-requests';
import type { AppContext } from '../../app-context.ts';
import { readCounter } from '../../lib/list-counters.ts';
import { HELP_REQUEST_COUNTERS } from './help-requests.counters.ts';

export async function helpRequestRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/all-help-requests-count',
    { config: { access: 'login' }, schema: { response: { 200: rowsAnswer(helpRequestCountRow) } } },
    async () => ({
      success: true as const,
      data: { rows: [{ total_count: await readCounter(db, HELP_REQUEST_COUNTERS.pending) }] },
    }),
  );
}
