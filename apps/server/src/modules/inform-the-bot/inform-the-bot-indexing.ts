import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { enqueueJob, type JobHandler } from '../../jobs/job-queue.ts';
import { prepareChunks, writeChunks } from '../knowledge/knowledge-indexing.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { deleteChunks, writeChunkWindows } from '../knowledge/knowledge.repository.ts';
import { findInformTheBotItem, type InformTheBotRecord } from './inform-the-bot.repository.ts';

/** The job queue that puts an approved item in the knowledge store: { id }. Migration 0502 names it too. */
export const INFORM_THE_BOT_INDEXING_QUEUE = 'inform-the-bot-indexing';

const payloadSchema = z.object({ id: z.number().int().positive() });

/** Queues the indexing of an item just approved; pass the approving transaction. */
export const queueInformTheBotIndexing = (tx: Db, id: number): Promise<number> => enqueueJob(tx, INFORM_THE_BOT_INDEXING_QUEUE, { id });

/** Takes an item out of the bot's knowledge: on an edit, which sends it back to pending. */
export const removeFromKnowledge = (tx: Db, id: number): Promise<void> => deleteChunks(tx, { informTheBotId: id });

/** What the bot retrieves for an item: a correction keeps the customer's question with its answer. */
export function informTheBotKnowledgeText(item: Pick<InformTheBotRecord, 'content' | 'question'>): string {
  return item.question ? `Question: ${item.question}\n\nAnswer: ${item.content}` : item.content;
}

/**
 * Indexes an approved item the way documents are (chunks, embeddings, full text). The chunks are
 * written only if the item is still approved with the text that was embedded: an edit in between
 * has already taken it out, and its next approval queues a new job.
 */
export const informTheBotIndexingHandler =
  ({ db, log, knowledge }: { db: Db; log: FastifyBaseLogger; knowledge: KnowledgeStore }): JobHandler =>
  async (payload) => {
    const { id } = payloadSchema.parse(payload);
    const item = await findInformTheBotItem(db, id);
    if (!item || item.status !== 'approved') return;
    const prepared = await prepareChunks(knowledge, [{ page: 1, text: informTheBotKnowledgeText(item) }], { pageNumbers: false });
    const windows = await db.transaction(async (tx) => {
      const current = await findInformTheBotItem(tx, id, { forUpdate: true });
      if (current?.status !== 'approved' || current.content !== item.content) return undefined;
      return writeChunks(tx, { informTheBotId: id }, prepared);
    });
    if (windows) await writeChunkWindows(db, windows);
    log.info({ informTheBotId: id, chunks: prepared.chunks.length, written: windows !== undefined }, 'inform-the-bot item indexed');
  };
