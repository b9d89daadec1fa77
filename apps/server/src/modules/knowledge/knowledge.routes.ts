import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { knowledgePassageRow, knowledgeSearchRequest, type KnowledgePassageRow} from '@steward/contract/documents';
import { rowsAnswer } from '@steward/contract/envelope';
import { canReadDocuments } from '@steward/contract/permissions';
import { CHUNK_MESSAGES } from '@steward/contract/document-chunks';
import type { AppContext } from '../../app-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import { findChunkedDocument } from '../documents/documents.repository.ts';
import type { KnowledgeStore } from './knowledge-store.ts';
import { type Passage, searchKnowledge } from './knowledge-search.ts';
import type { Db } from '../../db/client.ts';
import { botAccess } from '../../plugins/access.ts';
import { knowledgeReindexRow, type KnowledgeReindexRow } from '@steward/contract/knowledge-reindex';
import { reindexProgress } from './knowledge-reindex.actions.ts';

const present = (passage: Passage): KnowledgePassageRow => ({
  text: passage.text,
  document_title: passage.documentTitle,
  source_url: passage.sourceUrl,
  page: passage.page,
  page_end: passage.pageEnd,
  heading: passage.heading,
  score: passage.relevance,
  matched_words: passage.matchedWords,
  document_id: passage.documentId,
  inform_the_bot_id: passage.informTheBotId,
});

async function search(db: Db, knowledge: KnowledgeStore, log: FastifyBaseLogger, { query, k, document_id: documentId }: z.output<typeof knowledgeSearchRequest>): Promise<KnowledgePassageRow[]> {
  // A search scoped to a document that does not exist would answer nothing, as if the document had no answer.
  if (documentId !== undefined && !(await findChunkedDocument(db, documentId))) throw new HttpError(404, CHUNK_MESSAGES.documentNotFound);
  return (await searchKnowledge(db, { query, k, documentId, queryEmbedding: knowledge.embedQuery(query, log) })).map(present);
}

/** The re-index after a change of embedder, as the Documents banner shows it. */
async function reindexState(db: Db): Promise<KnowledgeReindexRow> {
  const progress = await reindexProgress(db);
  if (!progress) return { state: 'idle', done: 0, total: 0, error: null, rebuild: false };
  return { state: progress.error === null ? 'running' : 'failed', done: progress.done, total: progress.total, error: progress.error, rebuild: progress.rebuild };
}

/** "Try a question" on the Documents screen (or on one document's passages), and the same search for the chatbot with its key. */
export async function knowledgeRoutes(app: FastifyInstance, { db, knowledge }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, access] of [
    ['/api/knowledge/search', canReadDocuments],
    ['/api/bot/knowledge/search', botAccess('knowledge_search')],
  ] as const) {
    api.post(
      path,
      { config: { access }, schema: { body: knowledgeSearchRequest, response: { 200: rowsAnswer(knowledgePassageRow) } } },
      async (request) => ({ success: true as const, data: { rows: await search(db, knowledge, request.log, request.body) } }),
    );
  }

  api.get('/api/knowledge/reindex', { config: { access: canReadDocuments }, schema: { response: { 200: rowsAnswer(knowledgeReindexRow) } } }, async () => ({
    success: true as const,
    data: { rows: [await reindexState(db)] },
  }));
}
