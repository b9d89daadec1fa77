import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { embedderChange } from './embedder-choice.ts';
import type { KnowledgeStore } from './knowledge-store.ts';
import { deleteGeneration, generationLiteral, readKnowledgeState } from './knowledge-vectors.ts';

/**
 * Changing the embedder re-indexes the knowledge in the background (issue 54, docs/bot.md): the job of this queue
 * embeds every chunk (documents' and approved Inform-the-Bot items') with the new embedder into the generation being
 * built, while the active generation keeps answering; then one transaction makes it the active one and the old
 * generation's vectors and index go. Its payload is { generation }.
 */
export const KNOWLEDGE_REINDEX_QUEUE = 'embedder-reindex';

/** Attempts of the job: the embeddings API may be down for a while (30 s, 2 min, 8 min, … between attempts). */
const REINDEX_ATTEMPTS = 8;

/**
 * Follows the Answers card's embedder: the active one again cancels a build under way (its vectors are dropped);
 * another one starts a build (in place of one under way) and queues its job. Answers what it did. Without pgvector
 * there is nothing to re-index; before the first vectors, the first ones are made with the chosen embedder.
 */
export async function followChosenEmbedder(db: Db, knowledge: KnowledgeStore, log: Pick<FastifyBaseLogger, 'info'>): Promise<'none' | 'cancel-build' | 'build'> {
  if (!knowledge.vectorsEnabled) return 'none';
  const chosen = await knowledge.chosenEmbedder();
  const outcome = await db.transaction(async (tx) => {
    const state = await readKnowledgeState(tx, 'update');
    if (!state) return { change: 'none' as const, dropped: undefined };
    const change = embedderChange(chosen, state.embedder ?? knowledge.environmentEmbedder, state.building?.embedder);
    const dropped = change === 'none' ? undefined : state.building?.generation;
    if (change === 'cancel-build') {
      await tx.execute(sql`
        UPDATE knowledge_store SET building_generation = NULL, building_embedder = NULL, building_model = NULL, building_dimensions = NULL, building_error = NULL
        WHERE id = 1`);
    } else if (change === 'build') {
      const [next] = await sqlRows<{ generation: number }>(tx, sql`
        UPDATE knowledge_store SET building_generation = greatest(generation, coalesce(building_generation, 0)) + 1,
          building_embedder = ${JSON.stringify(chosen)}::jsonb, building_model = NULL, building_dimensions = NULL, building_error = NULL
        WHERE id = 1 RETURNING building_generation AS generation`);
      if (!next) throw new Error('The knowledge store row went away.');
      await enqueueJob(tx, KNOWLEDGE_REINDEX_QUEUE, { generation: next.generation }, { maxAttempts: REINDEX_ATTEMPTS });
    }
    if (change === 'none' && state.building && !(await hasLiveJob(tx, state.building.generation))) {
      // The build's job gave up (the embeddings API was down for long): choosing its embedder again tries again.
      await enqueueJob(tx, KNOWLEDGE_REINDEX_QUEUE, { generation: state.building.generation }, { maxAttempts: REINDEX_ATTEMPTS });
      await tx.execute(sql`UPDATE knowledge_store SET building_error = NULL WHERE id = 1`);
    }
    return { change, dropped };
  });
  if (outcome.dropped !== undefined) await deleteGeneration(db, outcome.dropped);
  if (outcome.change !== 'none') {
    await knowledge.state(true);
    log.info({ change: outcome.change, embedder: describe(chosen) }, outcome.change === 'build' ? 'knowledge re-index queued for a new embedder' : 'knowledge re-index cancelled: the active embedder was chosen again');
  }
  return outcome.change;
}

const hasLiveJob = async (db: Db, generation: number): Promise<boolean> =>
  (await sqlRows<{ id: number }>(db, sql`
    SELECT id FROM jobs WHERE queue = ${KNOWLEDGE_REINDEX_QUEUE} AND status IN ('queued', 'running') AND (payload->>'generation')::int = ${generation} LIMIT 1`)).length > 0;

const describe = (choice: { kind: string; model?: string; base_url?: string }) => (choice.kind === 'api' ? `${choice.model ?? ''} at ${choice.base_url ?? ''}` : 'built-in');

/** The re-index's progress for the Documents banner: chunks with vectors of the generation being built, of all. */
export async function reindexProgress(db: Db): Promise<{ generation: number; done: number; total: number; model: string | null; error: string | null } | undefined> {
  const state = await readKnowledgeState(db);
  const building = state?.building;
  if (!building) return undefined;
  const [counts] = await sqlRows<{ done: number; total: number }>(db, sql`
    SELECT (SELECT count(DISTINCT chunk_id)::int FROM knowledge_chunk_windows WHERE generation = ${generationLiteral(building.generation)}) AS done,
      (SELECT count(*)::int FROM knowledge_chunks) AS total`);
  return {
    generation: building.generation,
    done: counts?.done ?? 0,
    total: counts?.total ?? 0,
    model: building.embedder.kind === 'api' ? building.embedder.model : null,
    error: building.error,
  };
}
