import type { HistoryRow, SourceDoc } from '@steward/contract/history';
import { maskIpAddress, maskPersonalData } from '../../lib/personal-data.ts';
import type { HistoryRecord } from './history.repository.ts';

/** Copies the fields of spec section 3, in the shapes the contract promises, and the triage badges. */
export const presentHistoryRow = (record: HistoryRecord, totalCount: number): HistoryRow => ({
  id: record.id,
  session_id: record.sessionId,
  user_message: record.userMessage,
  api_response: record.apiResponse,
  source_docs: presentSourceDocs(record.sourceDocs),
  origin: record.origin,
  account: record.account === null || record.account === undefined ? null : JSON.stringify(record.account),
  time: record.time.toISOString(),
  country: record.country,
  user_ip: record.userIp,
  coverage_gap: record.coverageGap,
  rating: record.rating,
  help_request: record.helpRequest,
  total_count: totalCount,
});

/**
 * A row as everyone sees it with masking on (issues 43, 58): the visitor's message, account and address masked; the bot's answer
 * as it is. Whoever holds view_personal_data sees them whole with Reveal or in an export (docs/privacy.md).
 */
export const maskHistoryRow = (row: HistoryRow): HistoryRow => ({
  ...row,
  user_message: maskPersonalData(row.user_message),
  account: row.account === null ? null : maskPersonalData(row.account),
  user_ip: maskIpAddress(row.user_ip),
});

/**
 * The stored list is whatever the bot sent; keep strings and metadata objects,
 * with only string filename/source_url, so an odd item cannot break the answer.
 */
function presentSourceDocs(sourceDocs: unknown): SourceDoc[] {
  if (!Array.isArray(sourceDocs)) return [];
  return sourceDocs.flatMap((item): SourceDoc[] => {
    if (typeof item === 'string') return [item];
    if (typeof item !== 'object' || item === null || !('metadata' in item)) return [];
    const metadata: unknown = item.metadata;
    if (typeof metadata !== 'object' || metadata === null) return [];
    const filename = 'filename' in metadata && typeof metadata.filename === 'string' ? metadata.filename : undefined;
    const sourceUrl = 'source_url' in metadata && typeof metadata.source_url === 'string' ? metadata.source_url : undefined;
    return [{ metadata: { ...(filename === undefined ? {} : { filename }), ...(sourceUrl === undefined ? {} : { source_url: sourceUrl }) } }];
  });
}
