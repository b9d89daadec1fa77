import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rowsAnswer } from '@steward/contract/envelope';
import {
  coverageGapsReport,
  documentHealthRow,
  insightPeriodQuery,
  sourceSyncHealthRow,
  SUPPORT_PREVIEW_DAYS,
  supportPreviewQuery,
  supportPreviewRow,
  timeToFixReport,
} from '@steward/contract/insights';
import { canReadDocumentHealth, canReadInsights, canUpdateBotSettings } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { maskIf } from '../../lib/personal-data.ts';
import { readPersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { buildCoverageGaps } from './coverage-gaps.ts';
import { maskCoverageGaps, maskTimeToFix, presentDocumentHealth } from './insights.presenter.ts';
import { countSessionsReaching, findDocumentHealth, periodStart } from './insights.repository.ts';
import { buildTimeToFix } from './time-to-fix.ts';
import { syncHealth } from '../documents/site-syncs.repository.ts';

/** The Insights screen's read-only calls and Bot Settings' support threshold preview (docs/insights.md). */
export async function insightsRoutes(app: FastifyInstance, { db, knowledge }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/insights/coverage-gaps',
    { config: { access: canReadInsights }, schema: { querystring: insightPeriodQuery, response: { 200: rowsAnswer(coverageGapsReport) } } },
    async (request) => {
      const shown = maskIf(await readPersonalDataMasking(db), maskCoverageGaps);
      const report = shown(await buildCoverageGaps(db, knowledge, periodStart(request.query.days)));
      return { success: true as const, data: { rows: [report] } };
    },
  );

  api.get(
    '/api/insights/document-health',
    { config: { access: canReadDocumentHealth }, schema: { querystring: insightPeriodQuery, response: { 200: rowsAnswer(documentHealthRow) } } },
    async (request) => {
      const records = await findDocumentHealth(db, periodStart(request.query.days));
      return { success: true as const, data: { rows: records.map(presentDocumentHealth) } };
    },
  );

  /** Document health's line on website sources that need a look (issue 55): the newest sync failed, or a scheduled one is overdue. */
  api.get(
    '/api/insights/source-sync-health',
    { config: { access: canReadDocumentHealth }, schema: { response: { 200: rowsAnswer(sourceSyncHealthRow) } } },
    async () => ({ success: true as const, data: { rows: [await syncHealth(db, new Date())] } }),
  );

  api.get(
    '/api/insights/time-to-fix',
    { config: { access: canReadInsights }, schema: { querystring: insightPeriodQuery, response: { 200: rowsAnswer(timeToFixReport) } } },
    async (request) => {
      const shown = maskIf(await readPersonalDataMasking(db), maskTimeToFix);
      const report = shown(await buildTimeToFix(db, periodStart(request.query.days)));
      return { success: true as const, data: { rows: [report] } };
    },
  );

  api.get(
    '/api/insights/support-preview',
    { config: { access: canUpdateBotSettings }, schema: { querystring: supportPreviewQuery, response: { 200: rowsAnswer(supportPreviewRow) } } },
    async (request) => {
      const { threshold } = request.query;
      const { reached, total } = await countSessionsReaching(db, periodStart(SUPPORT_PREVIEW_DAYS), threshold);
      return { success: true as const, data: { rows: [{ threshold, sessions_reached: reached, sessions_total: total }] } };
    },
  );
}
