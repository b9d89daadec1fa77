import { z } from 'zod';
import { auditActionGroupSchema, auditActionSchema } from './audit-log.ts';
import { helpRequestStatus } from './help-requests.ts';
import { FEEDBACK_FILTERS, filterQuery, HELP_REQUEST_FILTERS, HISTORY_FILTERS, isoDay, timezoneOffsetHours } from './list-filters.ts';

/**
 * The exports of issue 40: what a list shows under its current filters, as CSV or JSON lines, streamed.
 * GET /api/export/{list}?format=csv|jsonl&… with the list's own filter keys (list-filters.ts), and its tab.
 */
export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_LISTS = ['history', 'feedback', 'help-requests', 'audit-log'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

export const EXPORT_LIST_LABELS: Record<ExportList, string> = {
  history: 'History',
  feedback: 'Feedback',
  'help-requests': 'Help Requests',
  'audit-log': 'Audit Log',
};

const format = z.enum(EXPORT_FORMATS, { error: 'The format must be csv or jsonl.' }).default('csv');

export const historyExportQuery = filterQuery({ ...HISTORY_FILTERS, format });
/** The Feedback tab (up, down) travels as `rating`; none means all. */
export const feedbackExportQuery = filterQuery({
  ...FEEDBACK_FILTERS,
  rating: HISTORY_FILTERS.rating,
  format,
});
/** The Help Requests tab (pending, resolved) travels as `status`; none means all. */
export const helpRequestExportQuery = filterQuery({
  ...HELP_REQUEST_FILTERS,
  status: z.enum(helpRequestStatus.options, { error: 'The status must be pending or resolved.' }).optional(),
  format,
});
/** The Audit Log's filters as its screen keeps them in its URL (person, action, from, to). */
export const auditLogExportQuery = filterQuery({
  person: z.coerce.number({ error: 'The person must be a whole number.' }).int('The person must be a whole number.').positive('The person must be a whole number.').optional(),
  action: auditActionSchema.optional(),
  group: auditActionGroupSchema.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  tz: timezoneOffsetHours.default(0),
  format,
});

/** The file a download is saved as: steward-history-2026-11-26.csv. */
export const exportFileName = (list: ExportList, exportFormat: ExportFormat, now: Date): string =>
  `steward-${list}-${now.toISOString().slice(0, 10)}.${exportFormat}`;
