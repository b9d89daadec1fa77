import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLogListRequest, auditLogPageAnswer, auditLogPersonRow } from '@steward/contract/audit-log';
import { pageIndexParam, rowsAnswer } from '@steward/contract/envelope';
import { canReadAuditLog } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { findAuditLogPage, listAuditPeople } from './audit-log.repository.ts';

/**
 * The Audit Log screen's calls: a page of entries and the people in it. Read only: the log has
 * no update or delete call (entries are written by recordAudit, purged by the clean-up job).
 */
export async function auditLogRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/audit-log/:pageIndex',
    {
      config: { access: canReadAuditLog },
      schema: { params: z.object({ pageIndex: pageIndexParam }), body: auditLogListRequest, response: { 200: auditLogPageAnswer } },
    },
    async (request) => {
      const page = await findAuditLogPage(db, request.body, request.params.pageIndex);
      return { success: true as const, data: { rows: page.rows, total_count: page.totalCount } };
    },
  );

  api.get(
    '/api/audit-log-people',
    { config: { access: canReadAuditLog }, schema: { response: { 200: rowsAnswer(auditLogPersonRow) } } },
    async () => ({ success: true as const, data: { rows: await listAuditPeople(db) } }),
  );
}
