import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { IngestError } from '../../ingest/ingest-error.ts';
import type { DocumentPage } from '../../ingest/reading/document-kind.ts';
import { parseDocument } from '../../ingest/reading/parse-document.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { type PreparedChunks, prepareChunks, writeChunks } from '../knowledge/knowledge-indexing.ts';
import { type ChunkWindows, writeChunkWindows } from '../knowledge/knowledge.repository.ts';
import { deleteFile, findStoredFile, readFileBytes } from './document-files.repository.ts';
import { documentWebhook } from './document-webhooks.ts';
import { dropFailedReplacement, findDocument, markDocumentCompleted, markDocumentFailed, swapInReplacementFile } from './documents.repository.ts';

/** Attempts of one ingestion: a failure that is not the document's fault (the embedder, say) is retried. */
export const INGESTION_ATTEMPTS = 3;

const payloadSchema = z.object({ documentId: z.number().int().positive(), fileId: z.string().min(1) });

/** A document's stored file read into pages; only a PDF has pages worth citing (a text or CSV file is one page). */
export async function readDocumentFile(db: Db, fileId: string): Promise<{ pages: DocumentPage[]; pageNumbers: boolean }> {
  const file = await findStoredFile(db, fileId);
  const bytes = await readFileBytes(db, fileId);
  if (!file || !bytes) throw new IngestError('The uploaded file is missing. Please upload it again.');
  return { pages: await parseDocument(file.kind, bytes), pageNumbers: file.kind === 'pdf' };
}

/** A document's file read, cleaned, cut and embedded (prepareChunks), ready to be written. */
export async function prepareDocumentFile(
  { db, log, knowledge }: { db: Db; log: FastifyBaseLogger; knowledge: KnowledgeStore },
  documentId: number,
  fileId: string,
  signal: AbortSignal,
): Promise<PreparedChunks> {
  const { pages, pageNumbers } = await readDocumentFile(db, fileId);
  // A graceful stop hands the job back between steps (job-queue.ts), to start again elsewhere.
  signal.throwIfAborted();
  log.info({ documentId, pages: pages.length }, 'document parsed, embedding its chunks');
  const prepared = await prepareChunks(knowledge, pages, { pageNumbers });
  signal.throwIfAborted();
  if (prepared.chunks.length === 0) throw new IngestError('This document has no text to index.');
  return prepared;
}

/** What the document says when the server died during its last attempt (the job's giveUp). */
export const INGESTION_CUT_OFF = 'Indexing was cut off: the server stopped while indexing this document, each time it tried. Upload it again to try once more.';

/** Whether the document still has this file, as its own or as the new version that replaces it. */
const stillHas = (document: { fileId: string; replacingFileId: string | null } | undefined, fileId: string) =>
  document !== undefined && (document.fileId === fileId || document.replacingFileId === fileId);

/**
 * parse → clean → chunk → embed → index. The chunks are written, and the document marked completed, in
 * one transaction: it is searchable with all of its chunks or not at all, and a run repeated after
 * a crash replaces what an earlier run wrote. A replacement swaps the new chunks in the same way;
 * until then the old ones keep answering. The chunks' vectors follow in short transactions of their
 * own (writeChunkWindows), so that no request waits seconds behind a long document's.
 */
const ingestDocument =
  ({ db, log, knowledge }: { db: Db; log: FastifyBaseLogger; knowledge: KnowledgeStore }): JobHandler =>
  async (payload, { attempt, signal }) => {
    const { documentId, fileId } = payloadSchema.parse(payload);
    if (!stillHas(await findDocument(db, { id: documentId }), fileId)) {
      log.info({ documentId, fileId }, 'document ingestion skipped: the document or this version of it is gone');
      return;
    }
    log.info({ documentId, fileId, attempt }, 'document ingestion started');
    let indexed: { chunks: number; withVectors: boolean; windows: ChunkWindows[] };
    try {
      const prepared = await prepareDocumentFile({ db, log, knowledge }, documentId, fileId, signal);
      const windows = await db.transaction(async (tx) => {
        const current = await findDocument(tx, { id: documentId }, { forUpdate: true });
        if (!current || !stillHas(current, fileId)) return [];
        const written = await writeChunks(tx, { documentId }, prepared);
        const newVersion = current.fileId !== fileId;
        if (newVersion) {
          const file = await findStoredFile(tx, fileId);
          if (file) await swapInReplacement(tx, documentId, current.fileId, file);
        }
        await markDocumentCompleted(tx, documentId);
        await documentWebhook(tx, 'document.indexed', documentId, newVersion);
        return written;
      });
      indexed = { chunks: prepared.chunks.length, withVectors: prepared.generation !== undefined, windows };
    } catch (error) {
      const reason = error instanceof IngestError ? error.reason : undefined;
      if (signal.aborted || (reason === undefined && attempt < INGESTION_ATTEMPTS)) throw error;
      await markFailed(db, documentId, fileId, reason ?? `Indexing failed: ${error instanceof Error ? error.message : String(error)}`);
      if (reason === undefined) throw error;
      return;
    }
    // The document is indexed and says so; a failure from here on is only its vectors': the job is tried again
    // (which indexes it again, as a run after a crash does), and the document keeps answering by full text.
    await writeChunkWindows(db, indexed.windows);
    log.info({ documentId, chunks: indexed.chunks, vectors: indexed.withVectors }, 'document indexed');
  };

export const documentIngestionHandler = (deps: { db: Db; log: FastifyBaseLogger; knowledge: KnowledgeStore }): JobHandler =>
  Object.assign(ingestDocument(deps), {
    giveUp: async (payload: Record<string, unknown>) => {
      const { documentId, fileId } = payloadSchema.parse(payload);
      await markFailed(deps.db, documentId, fileId, INGESTION_CUT_OFF);
    },
  });

/**
 * The re-indexing after an upgrade (DOCUMENT_REINDEX_QUEUE): an indexed document read again from its file
 * and its chunks swapped in at once, as a replacement's are; until then its old chunks answer. It changes
 * nothing else: a document the new reading cannot index keeps its old chunks and its status, with a
 * warning in the log; one replaced, deleted or being indexed meanwhile is left to that.
 */
export const documentReindexHandler =
  ({ db, log, knowledge }: { db: Db; log: FastifyBaseLogger; knowledge: KnowledgeStore }): JobHandler =>
  async (payload, { signal }) => {
    const { documentId, fileId } = payloadSchema.parse(payload);
    const isCurrent = (document: Awaited<ReturnType<typeof findDocument>>) =>
      document?.status === 'completed' && document.fileId === fileId && document.replacingFileId === null;
    if (!isCurrent(await findDocument(db, { id: documentId }))) return;
    let prepared: PreparedChunks;
    try {
      prepared = await prepareDocumentFile({ db, log, knowledge }, documentId, fileId, signal);
    } catch (error) {
      if (!(error instanceof IngestError)) throw error;
      log.warn({ documentId, reason: error.reason }, 'document not re-indexed: it keeps its previous chunks');
      return;
    }
    const windows = await db.transaction(async (tx) =>
      isCurrent(await findDocument(tx, { id: documentId }, { forUpdate: true })) ? writeChunks(tx, { documentId }, prepared) : [],
    );
    await writeChunkWindows(db, windows);
    log.info({ documentId, chunks: prepared.chunks.length }, 'document re-indexed');
  };

async function swapInReplacement(tx: Db, documentId: number, oldFileId: string, file: { fileId: string; filename: string; kind: string; byteSize: number }) {
  await swapInReplacementFile(tx, documentId, file);
  await deleteFile(tx, oldFileId);
}

/**
 * A first version that cannot be indexed ends in error with the reason. A replacement that cannot
 * be indexed is dropped: the document keeps its indexed version, and the card says why.
 */
async function markFailed(db: Db, documentId: number, fileId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findDocument(tx, { id: documentId }, { forUpdate: true });
    if (!current) return;
    if (current.replacingFileId === fileId) {
      await dropFailedReplacement(
        tx,
        documentId,
        `The new version ${current.replacingFilename ?? ''} could not be indexed: ${reason} The previous version still answers.`,
      );
      await deleteFile(tx, fileId);
      await documentWebhook(tx, 'document.failed', documentId, true);
      return;
    }
    await markDocumentFailed(tx, documentId, reason);
    await documentWebhook(tx, 'document.failed', documentId, false);
  });
}
