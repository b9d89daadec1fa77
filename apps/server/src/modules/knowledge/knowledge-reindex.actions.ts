import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { enqueueJob, runQueuedNow } from '../../jobs/job-queue.ts';
import { type EmbedderChoice, embedderChange, sameEmbedder } from './embedder-choice.ts';
import type { KnowledgeStore } from './knowledge-store.ts';
import { type BuildingGeneration, deleteGeneration, generationLiteral, type RechunkProgress, readKnowledgeState } from './knowledge-vectors.ts';

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
        UPDATE knowledge_store SET building_generation = NULL, building_embedder = NULL, building_model = NULL, building_dimensions = NULL, building_error = NULL,
          building_rechunk = NULL
        WHERE id = 1`);
    } else if (change === 'build') {
      const [next] = await sqlRows<{ generation: number }>(tx, sql`
        UPDATE knowledge_store SET building_generation = greatest(generation, coalesce(building_generation, 0)) + 1,
          building_embedder = ${JSON.stringify(chosen)}::jsonb, building_model = NULL, building_dimensions = NULL, building_error = NULL, building_rechunk = NULL
        WHERE id = 1 RETURNING building_generation AS generation`);
      if (!next) throw new Error('The knowledge store row went away.');
      await enqueueJob(tx, KNOWLEDGE_REINDEX_QUEUE, { generation: next.generation }, { maxAttempts: REINDEX_ATTEMPTS });
    }
    if (change === 'none' && state.building && !state.building.rechunk && !(await hasLiveJob(tx, state.building.generation))) {
      // The build's job gave up (the embeddings API was down for long): choosing its embedder again tries again.
      // A rebuild whose re-reading npm run reindex has not finished is left to it (run again, it goes on).
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

/** What `npm run reindex` is to do (startRebuild). */
export type RebuildStart =
  /** Build `generation` for the active embedder: re-read from `rechunk` on (undefined: done), then the job. */
  | { kind: 'rebuild'; generation: number; rechunk: RechunkProgress | undefined; resumed: boolean }
  /** An embedder switch is being built: it re-embeds everything already, and a rebuild would replace it. */
  | { kind: 'switch-building'; building: BuildingGeneration }
  /** No vectors yet (or none on this database): nothing to build; documents are re-read alone. */
  | { kind: 'no-vectors' };

/**
 * `npm run reindex`'s request: a new generation for `embedder` (the active one, or the chosen one when the active
 * vectors' model cannot be made here) with every document and item to re-read first, unless a rebuild is already
 * under way (a run that was killed: it goes on). A build under way for another embedder (the Answers card's
 * switch) is answered, not touched. The job is queued once the re-reading ends (finishRechunk).
 */
export async function startRebuild(db: Db, knowledge: KnowledgeStore, embedder: EmbedderChoice): Promise<RebuildStart> {
  if (!knowledge.vectorsEnabled) return { kind: 'no-vectors' };
  const started = await db.transaction(async (tx): Promise<RebuildStart> => {
    const state = await readKnowledgeState(tx, 'update');
    if (!state) return { kind: 'no-vectors' };
    const building = state.building;
    if (building) {
      const active = state.embedder ?? knowledge.environmentEmbedder;
      return sameEmbedder(building.embedder, active) ? { kind: 'rebuild', generation: building.generation, rechunk: building.rechunk, resumed: true } : { kind: 'switch-building', building };
    }
    const rechunk: RechunkProgress = { documents: 0, items: 0 };
    const [next] = await sqlRows<{ generation: number }>(tx, sql`
      UPDATE knowledge_store SET building_generation = generation + 1, building_embedder = ${JSON.stringify(embedder)}::jsonb, building_model = NULL,
        building_dimensions = NULL, building_error = NULL, building_rechunk = ${JSON.stringify(rechunk)}::jsonb
      WHERE id = 1 RETURNING building_generation AS generation`);
    if (!next) throw new Error('The knowledge store row went away.');
    return { kind: 'rebuild', generation: next.generation, rechunk, resumed: false };
  });
  await knowledge.state(true);
  return started;
}

/** Records how far the rebuild's re-reading got, in the transaction that swapped the owner's chunks in; false once the build is not this one. */
export async function recordRechunk(tx: Db, generation: number, rechunk: RechunkProgress): Promise<boolean> {
  const rows = await sqlRows<{ id: number }>(tx, sql`
    UPDATE knowledge_store SET building_rechunk = ${JSON.stringify(rechunk)}::jsonb WHERE id = 1 AND building_generation = ${generation} RETURNING id`);
  return rows.length > 0;
}

/**
 * The re-reading is over: the rebuild's job (queued now, or made due at once if it waits to try again) embeds what
 * has no vectors of the generation yet, then switches. False when the build is no longer this one.
 */
export async function finishRechunk(db: Db, generation: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const state = await readKnowledgeState(tx, 'update');
    if (state?.building?.generation !== generation) return false;
    await tx.execute(sql`UPDATE knowledge_store SET building_rechunk = NULL WHERE id = 1`);
    if (await hasLiveJob(tx, generation)) {
      await runQueuedNow(tx, KNOWLEDGE_REINDEX_QUEUE, sql`(payload->>'generation')::int = ${generation}`);
    } else {
      await enqueueJob(tx, KNOWLEDGE_REINDEX_QUEUE, { generation }, { maxAttempts: REINDEX_ATTEMPTS });
    }
    return true;
  });
}

/** The rebuild's job as the queue holds it: its state, the last failure, and whether an instance's lease on it is live. */
export async function rebuildJob(db: Db, generation: number): Promise<{ status: string; lastError: string | null; held: boolean } | undefined> {
  const [job] = await sqlRows<{ status: string; last_error: string | null; held: boolean }>(db, sql`
    SELECT status, last_error, (status = 'running' AND locked_until >= now()) AS held FROM jobs
    WHERE queue = ${KNOWLEDGE_REINDEX_QUEUE} AND status IN ('queued', 'running') AND (payload->>'generation')::int = ${generation}
    ORDER BY id DESC LIMIT 1`);
  return job ? { status: job.status, lastError: job.last_error, held: job.held } : undefined;
}

const hasLiveJob = async (db: Db, generation: number): Promise<boolean> =>
  (await sqlRows<{ id: number }>(db, sql`
    SELECT id FROM jobs WHERE queue = ${KNOWLEDGE_REINDEX_QUEUE} AND status IN ('queued', 'running') AND (payload->>'generation')::int = ${generation} LIMIT 1`)).length > 0;

const describe = (choice: { kind: string; model?: string; base_url?: string }) => (choice.kind === 'api' ? `${choice.model ?? ''} at ${choice.base_url ?? ''}` : 'built-in');

/** The re-index's progress for the Documents banner: chunks with vectors of the generation being built, of all; whether it is a rebuild. */
export async function reindexProgress(
  db: Db,
): Promise<{ generation: number; done: number; total: number; model: string | null; error: string | null; rebuild: boolean } | undefined> {
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
    // npm run reindex's: it re-reads, or builds for the active embedder (a card's switch never does).
    rebuild: building.rechunk !== undefined || (state.embedder !== undefined && sameEmbedder(building.embedder, state.embedder)),
  };
}
