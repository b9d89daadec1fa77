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
});
export type KnowledgeReindexRow = z.infer<typeof knowledgeReindexRow>;

export const KNOWLEDGE_REINDEX_TEXTS = {
  running: (done: number, total: number) => `Re-indexing the knowledge for the new embedder: ${done} of ${total} passages`,
  answering: 'Answers come from the previous embedder until it is done.',
  failed: (message: string) => `The new embedder failed: ${message}. Steward tries again later; answers come from the previous embedder meanwhile.`,
} as const;

/** How often the Documents banner asks again while a re-index runs. */
export const KNOWLEDGE_REINDEX_POLL_MS = 3000;
