import { isDeepStrictEqual } from 'node:util';
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

/** Half of a UTF-16 pair alone: the database cannot store it as it is, JSON.stringify writes it escaped. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** jsonb's order of an object's keys, which a row read back from the database has: the shorter first, then by their UTF-8 bytes. */
const jsonbKeyOrder = (a: string, b: string): number => {
  const bytesA = Buffer.from(a);
  const bytesB = Buffer.from(b);
  return bytesA.length - bytesB.length || Buffer.compare(bytesA, bytesB);
};

/**
 * What History's list shows of a new row, kept on it (migration 3720): `shownAccount`, the account as
 * presentHistoryRow writes it once the row is read back (JSON text, its keys in jsonb's order), and
 * `shownAsStored` when the list may answer the row's stored source documents and time as they are (the
 * presenter would keep every item, and the time's year has four digits both ways). Anything else (an account
 * that is not text fields, text JSON would not keep) stays false: such a page is presented in code, as before.
 */
export function shownWhenStored(row: { sourceDocs: unknown; account: Readonly<Record<string, unknown>> | null; time: Date }): {
  shownAccount: string | null;
  shownAsStored: boolean;
} {
  const fields = row.account === null ? [] : Object.entries(row.account).sort(([a], [b]) => jsonbKeyOrder(a, b));
  const plainAccount = fields.every(([key, value]) => typeof value === 'string' && !LONE_SURROGATE.test(key) && !LONE_SURROGATE.test(value));
  const year = row.time.getUTCFullYear();
  return {
    shownAccount: row.account === null || !plainAccount ? null : JSON.stringify(Object.fromEntries(fields)),
    shownAsStored: plainAccount && year >= 1 && year <= 9999 && isDeepStrictEqual(presentSourceDocs(row.sourceDocs), row.sourceDocs),
  };
}
