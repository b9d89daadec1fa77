import type { Migration } from './migration.ts';

/**
 * Retired: it created a `document_chunks` table with a fixed 256-dimension vector that nothing
 * ever wrote. The knowledge store replaced it (0500, 0501), and 0500 drops the table where this
 * migration ran. Kept, as a no-op, so databases that recorded it and those that did not agree.
 */
export const documentChunks: Migration = {
  name: '0002-document-chunks',
  sql: '-- retired: see 0500-knowledge-store',
};
