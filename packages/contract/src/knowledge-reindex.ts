import { z } from 'zod';

/**
 * GET /api/knowledge/reindex (issue 54, docs/bot.md "Changing the embedder"): the background re-index that follows a
 * change of embedder on the Answers card, for the banner on Documents. Whoever may read documents reads it
 * (canReadDocuments). `state`: idle (nothing to do: the answers come from the chosen embedder's vectors), running,
 * or failed (the embeddings API's last failure in `error`; the job tries again and the old vectors keep answering).
 */
export const knowledgeReindexRow = z.object({
  state: z.enum(['idle', 'running', 'failed']),
  /** Passages with vectors of the new embedder, and passages in all. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  error: z.string().nullable(),
  /** A rebuild of the active embedder's vectors (`npm run reindex`), not a change of embedder. */
  rebuild: z.boolean().default(false),
});
export type KnowledgeReindexRow = z.infer<typeof knowledgeReindexRow>;

export const KNOWLEDGE_REINDEX_TEXTS = {
  running: (done: number, total: number) => `Re-indexing the knowledge for the new embedder: ${done} of ${total} passages`,
  answering: 'Answers come from the previous embedder until it is done.',
  failed: (message: string) => `The new embedder failed: ${message}. Steward tries again later; answers come from the previous embedder meanwhile.`,
  /** The same banner while `npm run reindex` rebuilds the active embedder's vectors (docs/operations.md). */
  rebuilding: (done: number, total: number) => `Rebuilding the knowledge's vectors (npm run reindex): ${done} of ${total} passages`,
  answeringRebuild: 'Answers come from the current vectors until it is done.',
  failedRebuild: (message: string) => `The embedder failed: ${message}. Run npm run reindex again to go on; answers come from the current vectors meanwhile.`,
} as const;

/** How often the Documents banner asks again while a re-index runs. */
export const KNOWLEDGE_REINDEX_POLL_MS = 3000;
