import { z } from 'zod';
import { isoTimestamp } from './envelope.ts';
import { DOCUMENT_STATUSES } from './documents.ts';

/**
 * A document's passages as the bot reads them (issue 55): the chunk viewer on /documents/{id}/chunks, and the
 * exclusion of a passage from every answer. An exclusion is kept by the document and the passage's text
 * (whitespace and case aside), so it outlives a re-index or a re-read of the page while that text is unchanged.
 */
export const CHUNK_PAGE_SIZE = 20;
export const MAX_CHUNK_SEARCH_LENGTH = 200;

export const CHUNK_MESSAGES = {
  documentNotFound: 'This document does not exist.',
  chunkNotFound: 'This passage does not exist in this document.',
  searchTooLong: `A search is at most ${MAX_CHUNK_SEARCH_LENGTH} characters long.`,
  empty: 'This document has no passages yet.',
  noMatches: 'No passage of this document matches this search.',
  excluded: 'Excluded',
  excludedNote: 'The bot never uses an excluded passage in an answer.',
} as const;

/** GET /api/documents/{id}/chunks: the document the viewer shows, with its passages counted. */
export const documentChunksSummaryRow = z.object({
  id: z.number().int(),
  title: z.string(),
  filename: z.string(),
  source_url: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  /** The website it is a page of (its source_url is the page's address); null for an uploaded document. */
  site_id: z.number().int().nullable(),
  chunks: z.number().int(),
  excluded_chunks: z.number().int(),
});
export type DocumentChunksSummaryRow = z.infer<typeof documentChunksSummaryRow>;

/** GET /api/documents/{id}/chunks/{pageIndex}?search=: words in any order, each found anywhere in the text or heading. */
export const documentChunksQuery = z.strictObject({
  search: z.string().max(MAX_CHUNK_SEARCH_LENGTH, CHUNK_MESSAGES.searchTooLong).default(''),
});

/** One passage as the bot reads it, in the document's order. */
export const documentChunkRow = z.object({
  id: z.number().int(),
  /** Its place in the document, from 0. */
  chunk_index: z.number().int(),
  text: z.string(),
  /** The headings it sits under, outermost first, joined by " › "; null under none. */
  heading: z.string().nullable(),
  /** The page (of a PDF) it starts and ends on; null for text without pages. */
  page: z.number().int().nullable(),
  page_end: z.number().int().nullable(),
  excluded: z.boolean(),
  /** Who excluded it and when; null while it is included. */
  excluded_by: z.string().nullable(),
  excluded_at: isoTimestamp.nullable(),
  total_count: z.number().int(),
});
export type DocumentChunkRow = z.infer<typeof documentChunkRow>;
