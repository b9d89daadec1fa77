import { z } from 'zod';

/**
 * An embedder as the Answers card names it (issue 54): the built-in Universal Sentence Encoder Lite, or an
 * OpenAI-compatible embeddings API with its base URL, model and key (sealed, as the card saved it; null: none,
 * or the environment's for the same server). The knowledge store records the one its vectors were made with.
 */
export const embedderChoice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('built_in') }),
  z.object({ kind: z.literal('api'), base_url: z.string(), model: z.string(), sealed_key: z.string().nullable() }),
]);
export type EmbedderChoice = z.infer<typeof embedderChoice>;

/** Whether two choices make the same vectors: the same kind, base URL and model (a new key changes nothing). */
export function sameEmbedder(a: EmbedderChoice, b: EmbedderChoice): boolean {
  if (a.kind === 'built_in' || b.kind === 'built_in') return a.kind === b.kind;
  return a.base_url === b.base_url && a.model === b.model;
}

/** A choice as the database keeps it, or undefined for none or a damaged one. */
export const parseEmbedderChoice = (json: unknown): EmbedderChoice | undefined => (json === null ? undefined : embedderChoice.safeParse(json).data);

/** What changes when the card's embedder is saved, given the store's active and building embedders. */
export type EmbedderChange = 'none' | 'cancel-build' | 'build';

/**
 * The generation switch's rule: the active embedder again stops a build of another one (its vectors answer
 * already) and lets a rebuild of itself (npm run reindex) go on; the one being built goes on; any other starts a
 * build (in place of one under way, whose vectors are dropped).
 */
export function embedderChange(chosen: EmbedderChoice, active: EmbedderChoice, building: EmbedderChoice | undefined): EmbedderChange {
  if (sameEmbedder(chosen, active)) return building && !sameEmbedder(building, active) ? 'cancel-build' : 'none';
  if (building && sameEmbedder(chosen, building)) return 'none';
  return 'build';
}
