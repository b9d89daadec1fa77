import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ExportFormat, type ExportList, exportFileName } from '@steward/contract/exports';
import type { Db } from '../db/client.ts';
import { EXPORT_CONTENT_TYPES, type ExportField, exportStream } from '../lib/export-stream.ts';
import { recordDataExport } from '../modules/audit-log/export-data.actions.ts';
import { routeCallerActor } from './access.ts';

/** The security schemes of the OpenAPI document (app.ts): a staff session, or a key (`Authorization: Bearer`). */
export const OPENAPI_SECURITY_SCHEMES = {
  staffSession: { type: 'apiKey', in: 'cookie', name: 'steward_session', description: "A staff member's session (the dashboard)." },
  integrationKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'BOT_API_KEY (the bot API only) or an integration key made on the Integrations screen, held to its scopes (docs/integrations.md).',
  },
} as const;

/**
 * What every export route says in the OpenAPI document: a staff session with export_data and the scripted-call
 * header, or an integration key with the scope `exports`.
 */
export const EXPORT_ROUTE_DOCS: { description: string; security: Record<string, string[]>[] } = {
  description:
    "Staff: a session with export_data and the X-Requested-With header. Integrations: Authorization: Bearer <an integration key with the scope exports>, no header needed; visitors' personal data is then always masked (docs/integrations.md).",
  security: [{ staffSession: [] }, { integrationKey: [] }],
};

interface ExportRequest<Row> {
  list: ExportList;
  format: ExportFormat;
  /** The filters as asked (after validation), for the audit entry. */
  filters: Record<string, unknown>;
  fields: readonly ExportField<Row>[];
  batches: AsyncIterable<Row[]>;
}

/**
 * Answers an export call (GET /api/export/{list}): the audit entry first, in its own transaction, then the
 * file streamed as an attachment. Nothing is read before the response asks for it. The caller is a staff member
 * with export_data, or an integration key with the scope `exports` (docs/integrations.md), audited by its name.
 */
export async function sendExport<Row>(db: Db, request: FastifyRequest, reply: FastifyReply, exported: ExportRequest<Row>): Promise<FastifyReply> {
  const actor = routeCallerActor(request);
  await db.transaction((tx) => recordDataExport(tx, actor, exported));
  return reply
    .header('content-type', EXPORT_CONTENT_TYPES[exported.format])
    .header('content-disposition', `attachment; filename="${exportFileName(exported.list, exported.format, new Date())}"`)
    .header('cache-control', 'no-store')
    .send(exportStream(exported.format, exported.fields, exported.batches));
}
