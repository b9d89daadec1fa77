import type { Migration } from './migration.ts';

/**
 * Each chunk says whether it starts its section (knowledge_chunks.starts_section): a FAQ entry longer than one
 * chunk is quoted from its start (modules/knowledge/section-opening.ts), and two sections under the same title
 * are not taken for one. Chunks stored before are left null, nothing is read again: for them a chunk that repeats
 * the end of the one before continues its section.
 */
export const chunkSectionStarts: Migration = {
  name: '3800-chunk-section-starts',
  sql: /* sql */ `ALTER TABLE knowledge_chunks ADD COLUMN starts_section boolean;`,
};
