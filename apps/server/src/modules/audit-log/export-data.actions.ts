import { EXPORT_LIST_LABELS, type ExportFormat, type ExportList } from '@steward/contract/exports';
import type { Db } from '../../db/client.ts';
import { type AuditActor, recordAudit } from './record-audit.ts';

/** Records an export (issue 40) before its first byte is sent: the list, the format and the filters it was asked with. */
export async function recordDataExport(
  tx: Db,
  actor: AuditActor,
  exported: { list: ExportList; format: ExportFormat; filters: Record<string, unknown> },
): Promise<void> {
  const filters = Object.fromEntries(Object.entries(exported.filters).filter(([, value]) => value !== undefined));
  await recordAudit(tx, actor, {
    action: 'data_exported',
    object: { type: 'export', id: null, label: `${EXPORT_LIST_LABELS[exported.list]} (${exported.format.toUpperCase()})` },
    details: { list: exported.list, format: exported.format, filters: JSON.stringify(filters) },
  });
}
