import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHUNK_MESSAGES,
  type DocumentChunkRow,
  documentChunkRow,
  documentChunksQuery,
  documentChunksSummaryRow,
} from '@steward/contract/document-chunks';
import { idParam, pageIndexParam, rowsAnswer } from '@steward/contract/envelope';
import { canExcludeChunks, canReadDocuments } from '@steward/contract/permissions';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedInActor } from '../../plugins/access.ts';
import { setChunkExcluded } from '../knowledge/knowledge-exclusions.actions.ts';
import { countDocumentChunks, type DocumentChunk, listDocumentChunks } from '../knowledge/knowledge-exclusions.repository.ts';
import { type ChunkedDocument, findChunkedDocument } from './documents.repository.ts';

const presentChunk = (chunk: DocumentChunk, totalCount: number): DocumentChunkRow => ({
  id: chunk.id,
  chunk_index: chunk.chunkIndex,
  text: chunk.text,
  heading: chunk.heading,
  page: chunk.page,
  page_end: chunk.pageEnd,
  excluded: chunk.excludedAt !== null,
  excluded_by: chunk.excludedBy,
  excluded_at: chunk.excludedAt?.toISOString() ?? null,
  total_count: totalCount,
});

async function documentOr404(db: Db, id: number): Promise<ChunkedDocument> {
  const document = await findChunkedDocument(db, id);
  if (!document) throw new HttpError(404, CHUNK_MESSAGES.documentNotFound);
  return document;
}

const chunkParams = z.object({ id: idParam, chunkId: idParam });

/** The chunk viewer (issue 55): a document's passages as the bot reads them, and excluding one from every answer. */
export async function documentChunkRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/documents/:id/chunks',
    { config: { access: canReadDocuments }, schema: { params: z.object({ id: idParam }), response: { 200: rowsAnswer(documentChunksSummaryRow) } } },
    async (request) => {
      const document = await documentOr404(db, request.params.id);
      const counts = await countDocumentChunks(db, document.id);
      return {
        success: true as const,
        data: {
          rows: [
            {
              id: document.id,
              title: document.title,
              filename: document.filename,
              source_url: document.sourceUrl,
              status: document.status,
              site_id: document.siteId,
              chunks: counts.chunks,
              excluded_chunks: counts.excluded,
            },
          ],
        },
      };
    },
  );

  api.get(
    '/api/documents/:id/chunks/:pageIndex',
    {
      config: { access: canReadDocuments },
      schema: { params: z.object({ id: idParam, pageIndex: pageIndexParam }), querystring: documentChunksQuery, response: { 200: rowsAnswer(documentChunkRow) } },
    },
    async (request) => {
      const document = await documentOr404(db, request.params.id);
      const { chunks, totalCount } = await listDocumentChunks(db, document.id, request.query.search, request.params.pageIndex);
      return { success: true as const, data: { rows: chunks.map((chunk) => presentChunk(chunk, totalCount)) } };
    },
  );

  for (const [action, excluded] of [
    ['exclude', true],
    ['include', false],
  ] as const) {
    api.post(
      `/api/documents/:id/chunks/:chunkId/${action}`,
      { config: { access: canExcludeChunks }, schema: { params: chunkParams, response: { 200: rowsAnswer(documentChunkRow) } } },
      async (request) => {
        const actor = signedInActor(request);
        const chunk = await db.transaction(async (tx) => {
          const document = await documentOr404(tx, request.params.id);
          return setChunkExcluded(tx, actor, document, request.params.chunkId, excluded);
        });
        return { success: true as const, data: { rows: [presentChunk(chunk, 1)] } };
      },
    );
  }
}
