import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ExportFormat, type ExportList, exportFileName } from '@steward/contract/exports';
import type { Db } from '../db/client.ts';
import { EXPORT_CONTENT_TYPES, type ExportField, exportStream } from '../lib/export-stream.ts';
import { recordDataExport } from '../modules/audit-log/export-data.actions.ts';
import { signedInActor } from './access.ts';

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
 * file streamed as an attachment. Nothing is read before the response asks for it.
 */
export async function sendExport<Row>(db: Db, request: FastifyRequest, reply: FastifyReply, exported: ExportRequest<Row>): Promise<FastifyReply> {
  const actor = signedInActor(request);
  await db.transaction((tx) => recordDataExport(tx, actor, exported));
  return reply
    .header('content-type', EXPORT_CONTENT_TYPES[exported.format])
    .header('content-disposition', `attachment; filename="${exportFileName(exported.list, exported.format, new Date())}"`)
    .header('cache-control', 'no-store')
    .send(exportStream(exported.format, exported.fields, exported.batches));
}
