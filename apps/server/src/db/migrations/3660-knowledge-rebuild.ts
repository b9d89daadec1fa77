import type { Migration } from './migration.ts';

/**
 * `npm run reindex` rebuilds the active embedder's vectors as a new generation (docs/operations.md), re-reading
 * every document and approved Inform-the-Bot item first. `building_rechunk` is how far that re-reading got, so a
 * run after a kill goes on from there: { "documents": last document id done, "items": last item id done }; null
 * when the build re-reads nothing (an embedder switch) or has re-read everything. While it is set, the re-index
 * job does not switch.
 */
export const knowledgeRebuild: Migration = {
  name: '3660-knowledge-rebuild',
  sql: /* sql */ `
ALTER TABLE knowledge_store ADD COLUMN building_rechunk jsonb;
`,
};
