import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { embedChunkWindows } from '../ingest/embedders/embedding-windows.ts';
import { IngestError } from '../ingest/ingest-error.ts';
import type { DocumentPage } from '../ingest/reading/document-kind.ts';
import { runNextJob } from '../jobs/job-queue.ts';
import { readDocumentFile } from '../modules/documents/document-ingestion.ts';
import { findDocument } from '../modules/documents/documents.repository.ts';
import { informTheBotKnowledgeText } from '../modules/inform-the-bot/inform-the-bot-indexing.ts';
import { findInformTheBotItem } from '../modules/inform-the-bot/inform-the-bot.repository.ts';
import type { EmbedderChoice } from '../modules/knowledge/embedder-choice.ts';
import { cutChunks } from '../modules/knowledge/knowledge-indexing.ts';
import {
  finishRechunk,
  KNOWLEDGE_REINDEX_QUEUE,
  rebuildJob,
  recordRechunk,
  reindexProgress,
  startRebuild,
} from '../modules/knowledge/knowledge-reindex.actions.ts';
import { knowledgeReindexHandler } from '../modules/knowledge/knowledge-reindex-job.ts';
import type { KnowledgeStore } from '../modules/knowledge/knowledge-store.ts';
import type { RechunkProgress } from '../modules/knowledge/knowledge-vectors.ts';
import { type ChunkOwner, type ChunkWindows, GenerationGoneError, type NewChunk, replaceChunks, writeChunkWindows } from '../modules/knowledge/knowledge.repository.ts';
import { StartUpError } from '../start-up-error.ts';

export interface ReindexReport {
  /** Documents and approved Inform-the-Bot items read again by this run (one that was stopped read the others). */
  documents: number;
  /** Pages of website sources: they have no file to read again; the build embeds their stored passages. */
  sitePages: number;
  items: number;
  chunks: number;
  /** What could not be read again, with the reason; these keep their previous passages, which the build embeds. */
  failures: string[];
}

/** The command stops without having switched; it says why and what to do (exit code 1). */
export class ReindexStopped extends Error {
  override readonly name = 'ReindexStopped';
}

/** How often the command looks at a build another instance runs (it prints the progress when it moved). */
const FOLLOW_INTERVAL_MS = 1000;

export interface ReindexOptions {
  /** The name the command holds the re-index job by in the queue (another instance sees it). */
  owner?: string;
}

/**
 * `npm run reindex` on the generations the embedder switch builds (docs/operations.md): the active embedder's vectors
 * are made again as a new generation while the current one answers, and switched in at once at the end.
 *
 * 1. Every indexed document is read again from its stored original and every approved Inform-the-Bot item cut
 *    again (after an upgrade that changed how documents are cleaned and cut, or a new tokenizer): each owner's new
 *    passages are embedded, then swapped in in one transaction with their vectors of both generations, so the bot
 *    answers from the old passages until then and from the new ones, by meaning, right after. How far it got is
 *    recorded in that transaction: a run after a kill goes on from there.
 * 2. The same `embedder-reindex` job as the Answers card's switch embeds what has no vectors of the new generation
 *    yet (website pages' passages, documents added meanwhile), in batches that a later run does not redo, then
 *    switches. The command runs it itself, through the job queue (its lease), so a server on the same PostgreSQL
 *    never builds it at the same time: when one holds the job, the command follows its progress.
 *
 * It refuses while the Answers card's embedder switch is being built (that build re-embeds everything already).
 * When the active vectors' model cannot be made here (vectors made before the card named embedders, with
 * EMBEDDINGS_* changed since: the server refuses to start), the generation is built with the chosen embedder.
 * Without pgvector there are no vectors: the passages are read again alone.
 */
export async function reindexKnowledge(
  db: Db,
  knowledge: KnowledgeStore,
  log: FastifyBaseLogger,
  progress: (line: string) => void,
  options: ReindexOptions = {},
): Promise<ReindexReport> {
  let activeUsable = true;
  try {
    await knowledge.prepare(log);
  } catch (error) {
    if (!(error instanceof StartUpError)) throw error;
    activeUsable = false;
  }
  const state = knowledge.vectorsEnabled ? await knowledge.state(true) : undefined;
  const target: EmbedderChoice = activeUsable ? (state?.embedder ?? knowledge.environmentEmbedder) : await knowledge.chosenEmbedder();
  const start = await startRebuild(db, knowledge, target);
  if (start.kind === 'switch-building') {
    const building = await reindexProgress(db);
    throw new ReindexStopped(
      `An embedder switch${building?.model ? ` to ${building.model}` : ''} is being built (${building?.done ?? 0} of ${building?.total ?? 0} passages): ` +
        'it re-embeds everything already while the current vectors answer. Wait until Documents no longer shows it, then run npm run reindex again if the documents are to be read again.',
    );
  }
  const build = start.kind === 'rebuild' ? { generation: start.generation, embedder: await knowledge.embedderOf(target), alsoActive: activeUsable ? state?.generation : undefined } : undefined;
  const rechunk: RechunkProgress | undefined = start.kind === 'rebuild' ? start.rechunk : { documents: 0, items: 0 };

  // A rebuild whose re-reading a stopped run finished reads nothing again.
  const documents = !rechunk
    ? []
    : await sqlRows<{ id: number; file_id: string; title: string }>(db, sql`
        SELECT id, file_id, title FROM documents
        WHERE status <> 'in_progress' AND site_id IS NULL AND EXISTS (SELECT 1 FROM knowledge_chunks c WHERE c.document_id = documents.id)
          AND id > ${rechunk.documents}
        ORDER BY id`);
  const [pages] = await sqlRows<{ n: number }>(db, sql`
    SELECT count(*)::int AS n FROM documents WHERE site_id IS NOT NULL AND EXISTS (SELECT 1 FROM knowledge_chunks c WHERE c.document_id = documents.id)`);
  const items = !rechunk
    ? []
    : await sqlRows<{ id: number }>(db, sql`SELECT id FROM inform_the_bot WHERE status = 'approved' AND id > ${rechunk.items} ORDER BY id`);
  const model = build ? build.embedder.model : (await knowledge.embedderOf(await knowledge.chosenEmbedder())).model;
  const into = build ? ` into generation ${build.generation} (the current vectors answer until it is complete)` : '';
  if (start.kind === 'rebuild' && start.resumed) progress(`Going on with the rebuild of generation ${start.generation}, where the last run stopped.`);
  if (rechunk) progress(`Re-indexing ${documents.length} document(s) and ${items.length} Inform-the-Bot item(s) with ${model}${into}.`);

  const failures: string[] = [];
  const cursor: RechunkProgress = rechunk ?? { documents: 0, items: 0 };
  const total = documents.length + items.length;
  let done = 0;
  /** Reads an owner again and swaps its passages in with their vectors, recording the cursor in the same transaction. */
  const readAgain = async (name: string, owner: ChunkOwner, read: () => Promise<NewChunk[]>, stillCurrent: (tx: Db) => Promise<boolean>, next: RechunkProgress) => {
    done += 1;
    let chunks: NewChunk[] | undefined;
    try {
      chunks = await read();
    } catch (error) {
      if (!(error instanceof IngestError)) throw error;
      failures.push(`${name}: ${error.reason}`);
      progress(`[${done}/${total}] ${name}: not read again, ${error.reason} It keeps its previous passages.`);
    }
    const vectors = chunks ? await vectorsOf(chunks) : undefined;
    try {
      await db.transaction(async (tx) => {
        if (chunks && (await stillCurrent(tx))) {
          const embedded = vectors ? chunks.map((chunk, position) => ({ ...chunk, windowEmbeddings: vectors.vectors[position] })) : chunks;
          const windows = await replaceChunks(tx, owner, embedded, vectors?.generations[0]);
          const copies = (vectors?.generations.slice(1) ?? []).flatMap((generation) => windows.map((window): ChunkWindows => ({ ...window, generation })));
          await writeChunkWindows(tx, [...windows, ...copies]);
        }
        if (build && !(await recordRechunk(tx, build.generation, next))) throw new GenerationGoneError(build.generation);
      });
    } catch (error) {
      if (error instanceof GenerationGoneError) throw replaced();
      throw error;
    }
    Object.assign(cursor, next);
    if (chunks) progress(`[${done}/${total}] ${name}`);
  };
  const vectorsOf = async (chunks: readonly NewChunk[]): Promise<{ vectors: Float32Array[][]; generations: number[] } | undefined> => {
    try {
      if (build) {
        const vectors = await embedChunkWindows(build.embedder, chunks);
        return { vectors, generations: build.alsoActive === undefined ? [build.generation] : [build.generation, build.alsoActive] };
      }
      const embedded = await knowledge.embedChunks(chunks);
      return embedded ? { vectors: embedded.vectors, generations: [embedded.generation] } : undefined;
    } catch (error) {
      throw new ReindexStopped(`The embedder failed: ${error instanceof Error ? error.message : String(error)} Run npm run reindex again: it goes on from where it stopped.`);
    }
  };

  for (const document of documents) {
    await readAgain(
      `document "${document.title}"`,
      { documentId: document.id },
      async () => {
        const file = await readDocumentFile(db, document.file_id);
        const chunks = cutChunks(knowledge, file.pages, { pageNumbers: file.pageNumbers });
        if (chunks.length === 0) throw new IngestError('This document has no text to index.');
        return chunks;
      },
      async (tx) => {
        const current = await findDocument(tx, { id: document.id }, { forUpdate: true });
        return current !== undefined && current.fileId === document.file_id && current.status !== 'in_progress';
      },
      { ...cursor, documents: document.id },
    );
  }
  for (const { id } of items) {
    const item = await findInformTheBotItem(db, id);
    const page: DocumentPage = { page: 1, text: item ? informTheBotKnowledgeText(item) : '' };
    await readAgain(
      `Inform-the-Bot item ${id}`,
      { informTheBotId: id },
      async () => cutChunks(knowledge, [page], { pageNumbers: false }),
      async (tx) => {
        const current = await findInformTheBotItem(tx, id, { forUpdate: true });
        return current?.status === 'approved' && current.content === item?.content && current.question === item.question;
      },
      { ...cursor, items: id },
    );
  }

  if (build) {
    if (!(await finishRechunk(db, build.generation))) throw replaced();
    await embedAndSwitch(db, knowledge, log, progress, build.generation, options.owner ?? `npm run reindex on ${os.hostname()} (pid ${process.pid})`);
  }
  const [count] = await sqlRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM knowledge_chunks`);
  return { documents: documents.length, sitePages: pages?.n ?? 0, items: items.length, chunks: count?.n ?? 0, failures };
}

const replaced = () =>
  new ReindexStopped('The rebuild was replaced: an embedder switch was saved on the Answers card meanwhile, and it re-embeds everything itself.');

/**
 * Step 2: runs the generation's re-index job through the queue until it switched. When another instance holds the
 * job (a server on the same PostgreSQL, or an earlier run of this command killed less than a lease ago), it follows
 * the progress and takes the job over if that instance stops renewing its lease.
 */
async function embedAndSwitch(db: Db, knowledge: KnowledgeStore, log: FastifyBaseLogger, progress: (line: string) => void, generation: number, owner: string): Promise<void> {
  let shown = '';
  const show = async () => {
    const now = await reindexProgress(db);
    const line = now ? `Embedded ${now.done} of ${now.total} passages for generation ${generation}.` : '';
    if (line !== '' && line !== shown) progress(line);
    shown = line;
  };
  const handlers = new Map([[KNOWLEDGE_REINDEX_QUEUE, knowledgeReindexHandler({ db, log, knowledge, onBatch: show })]]);
  let following = false;
  await show();
  for (;;) {
    if ((await knowledge.state(true))?.building?.generation !== generation) break;
    if (await runNextJob(db, handlers, log, { owner })) continue;
    const job = await rebuildJob(db, generation);
    if (!job) {
      // The job was given up meanwhile (by a server that ran it): queued again.
      await finishRechunk(db, generation);
      continue;
    }
    if (job.status === 'queued') {
      throw new ReindexStopped(
        `Embedding stopped: ${job.lastError ?? 'the job waits to try again.'} The current vectors still answer; run npm run reindex again: it goes on from what was written (a running server also tries again later).`,
      );
    }
    if (!following) progress('Another run holds the re-index job (a Steward instance, or a run of this command that was stopped: its lease ends within 30 s): following it.');
    following = true;
    await show();
    await sleep(FOLLOW_INTERVAL_MS);
  }
  const after = await knowledge.state(true);
  if (after?.generation !== generation) throw replaced();
  progress(`Generation ${generation} of ${after.model} answers now; the previous vectors are deleted.`);
}
