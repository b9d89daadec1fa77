import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuditEntry, type AuditLogFilters, auditLogListRequest, auditLogPageAnswer, auditLogPersonRow } from '@steward/contract/audit-log';
import { auditLogExportQuery } from '@steward/contract/exports';
import { pageIndexParam, rowsAnswer } from '@steward/contract/envelope';
import { canExportAuditLog, canReadAuditLog } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import { fieldsOf } from '../../lib/export-stream.ts';
import { EXPORT_ROUTE_DOCS, sendExport } from '../../plugins/export-reply.ts';
import { auditExportBatches, findAuditLogPage, listAuditPeople } from './audit-log.repository.ts';

const AUDIT_EXPORT_FIELDS = fieldsOf<AuditEntry>(['id', 'time', 'actor_id', 'actor_name', 'actor_email', 'action', 'object_type', 'object_id', 'object_label', 'details', 'ip']);

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
    '/api/export/audit-log',
    { config: { scriptedOnly: true, access: canExportAuditLog, keyScope: 'exports' }, schema: { ...EXPORT_ROUTE_DOCS, querystring: auditLogExportQuery } },
    async (request, reply) => {
      const { format, person, action, group, from, to, tz } = request.query;
      const filters: AuditLogFilters = { actor_id: person, action, action_group: group, from, to, timezone_offset_hours: tz };
      return sendExport(db, request, reply, { list: 'audit-log', format, filters, fields: AUDIT_EXPORT_FIELDS, batches: auditExportBatches(db, filters) });
    },
  );

  api.get(
    '/api/audit-log-people',
    { config: { access: canReadAuditLog }, schema: { response: { 200: rowsAnswer(auditLogPersonRow) } } },
    async () => ({ success: true as const, data: { rows: await listAuditPeople(db) } }),
  );
}
