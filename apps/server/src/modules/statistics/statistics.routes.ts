import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowsAnswer } from '@steward/contract/envelope';
import { statisticsParams, statisticsRow } from '@steward/contract/statistics';
import type { AppContext } from '../../app-context.ts';
import { buildStatisticsRow } from './statistics-report.ts';

export async function statisticsRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/statistics/:period/:timezoneOffsetHours',
    { config: { access: 'login' }, schema: { params: statisticsParams, response: { 200: rowsAnswer(statisticsRow) } } },
    async (request) => {
      const { period, timezoneOffsetHours } = request.params;
      try {
        const row = await buildStatisticsRow(db, period, timezoneOffsetHours);
        return { success: true as const, data: { rows: [row] } };
      } catch (error) {
        // The dashboard shows nothing when statistics fail to load: the log is where the cause is found.
        request.log.error({ err: error, period, timezoneOffsetHours }, 'statistics failed to load');
        throw error;
      }
    },
  );
}
