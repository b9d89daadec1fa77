import { z } from 'zod';
import { siteSyncRow, SYNC_SCHEDULES } from './sites.ts';

/**
 * A PDF added by URL as a source kept in sync (issue 55): read again now or on a schedule, as a website is. Its
 * controls are on the document's own page (`/documents/{id}/chunks`, the "Source" panel): the spec's document card
 * shows nothing new.
 */

/** `current`: the copy indexed is the URL's latest; `failing`: the last sync failed, its last good text answers; `retired`: gone twice in a row. */
export const DOCUMENT_URL_SOURCE_STATES = ['current', 'failing', 'retired'] as const;
export type DocumentUrlSourceState = (typeof DOCUMENT_URL_SOURCE_STATES)[number];

export const DOCUMENT_SOURCE_MESSAGES = {
  notUrlSource: 'This document was not added by URL, so there is nothing to sync.',
  syncing: 'This document is already being synced or indexed. Wait for it to finish.',
  syncQueued: 'The document will be fetched again in the background: it is indexed again only if it changed.',
  scheduleSaved: 'The sync schedule was saved.',
  keptText: (reason: string) => `The last sync failed: ${reason} Its last good text still answers.`,
  goneOnce: (status: number) => `The URL answered ${status}. Its last good text still answers until a second sync in a row finds it gone.`,
  goneTwice: (status: number) => `Gone: the URL answered ${status} twice in a row, so the bot no longer answers from this document.`,
} as const;

export const DOCUMENT_URL_SOURCE_STATE_LABELS: Record<DocumentUrlSourceState, string> = { current: 'In sync', failing: 'Last sync failed', retired: 'Retired' };

/** GET /api/documents/{id}/source: the URL source of a document, or no row for a document not added by URL. */
export const documentSourceRow = z.object({
  document_id: z.number().int(),
  url: z.string(),
  sync_schedule: z.enum(SYNC_SCHEDULES),
  state: z.enum(DOCUMENT_URL_SOURCE_STATES),
  /** Why the last sync failed, or why it is retired. */
  message: z.string().nullable(),
  /** The newest sync's record, or null before the first sync. */
  last_sync: siteSyncRow.nullable(),
  /** A schedule is set and no sync has finished within twice its interval. */
  sync_overdue: z.boolean(),
  /** A sync is queued or running now: Sync now waits for it. */
  syncing: z.boolean(),
});
export type DocumentSourceRow = z.infer<typeof documentSourceRow>;
