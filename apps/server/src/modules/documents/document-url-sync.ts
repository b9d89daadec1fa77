import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { DOCUMENT_SOURCE_MESSAGES } from '@steward/contract/document-sources';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { IngestError } from '../../ingest/ingest-error.ts';
import { fetchRemotePage, type FetchRemotePageOptions, type RemotePage } from '../../ingest/remote/fetch-remote-page.ts';
import { filenameOf, REMOTE_FETCH_REASONS, RemoteFetchError } from '../../ingest/remote/fetch-remote-pdf.ts';
import { looksLikePdf } from '../../ingest/reading/document-kind.ts';
import { crawlerUserAgent } from '../../ingest/site/site-robots.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import type { KnowledgeStore } from '../knowledge/knowledge-store.ts';
import { type PreparedChunks, writeChunks } from '../knowledge/knowledge-indexing.ts';
import { deleteChunks, writeChunkWindows } from '../knowledge/knowledge.repository.ts';
import { deleteFile, findStoredFile, storeFile } from './document-files.repository.ts';
import { prepareDocumentFile } from './document-ingestion.ts';
import { documentWebhook } from './document-webhooks.ts';
import { findDocument, markDocumentCompleted, markDocumentFailed, swapInReplacementFile } from './documents.repository.ts';
import { findUrlSource, markUrlSourceCurrent, markUrlSourceFailing, markUrlSourceRetired } from './document-url-sources.repository.ts';
import { DOCUMENT_URL_SYNC_ATTEMPTS } from './document-url-sync-queue.ts';
import { findSync, startSync, type SyncCounts } from './site-syncs.repository.ts';
import { endSync } from './source-sync-end.ts';

const payloadSchema = z.object({ documentId: z.number().int().positive(), syncId: z.number().int().positive() });

/** 404 and 410 say the file is gone; any other failure is a failure for now. */
const GONE_STATUSES: ReadonlySet<number> = new Set([404, 410]);

export const DOCUMENT_SYNC_TEXTS = {
  replacedMeanwhile: 'The document was replaced, deleted or indexed again while this sync ran, so this sync changed nothing.',
  stillGone: (status: number) => `The URL still answers ${status}.`,
  cutOff: 'The sync was cut off: the server stopped during it, each time it tried.',
  failed: (reason: string) => `The sync failed: ${reason}`,
} as const;

interface SyncDeps {
  db: Db;
  log: FastifyBaseLogger;
  knowledge: KnowledgeStore;
  config: Pick<Config, 'publicUrl' | 'allowPrivateUrls' | 'uploadMaxMb'>;
  /** Tests: options of the SSRF-guarded fetch. */
  fetchOptions?: Partial<FetchRemotePageOptions>;
}

type Ended = { status: 'completed' | 'failed'; message: string | null; counts: Partial<SyncCounts> };

/**
 * Fetches a document added by URL again (a sync): a conditional request with the validators of the copy indexed (a
 * 304 is unchanged), then the bytes' hash (the same is unchanged). Only a changed PDF is stored, parsed, cut and
 * embedded, outside any transaction; its chunks and file are then swapped in one transaction, so the bot answers from
 * the old chunks until the new ones are in. A 404/410 twice in a row retires the document from answers (its chunks
 * deleted, its card in error with the reason); any other failure keeps its last good text and says so. Each sync's
 * record (site_syncs) gets what it found.
 */
const syncDocument =
  (deps: SyncDeps): JobHandler =>
  async (payload, { attempt, signal }) => {
    const { db, log } = deps;
    const { documentId, syncId } = payloadSchema.parse(payload);
    const sync = await findSync(db, syncId);
    const source = await findUrlSource(db, documentId);
    if (!sync || !source || (sync.status !== 'queued' && sync.status !== 'running')) return;
    await startSync(db, syncId);
    log.info({ documentId, syncId, attempt }, 'document sync started');
    let ended: Ended;
    try {
      ended = await fetchAndIndex(deps, documentId, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const reason = error instanceof RemoteFetchError || error instanceof IngestError ? error.reason : undefined;
      if (reason === undefined && attempt < DOCUMENT_URL_SYNC_ATTEMPTS) throw error;
      const message = reason ?? DOCUMENT_SYNC_TEXTS.failed(error instanceof Error ? error.message : String(error));
      await markUrlSourceFailing(db, documentId, DOCUMENT_SOURCE_MESSAGES.keptText(message));
      await endSync(db, syncId, 'failed', message, { checked: 1, failed: 1 });
      log.warn({ documentId, syncId, reason: message }, 'document sync failed');
      if (reason === undefined) throw error;
      return;
    }
    await endSync(db, syncId, ended.status, ended.message, { checked: 1, ...ended.counts });
    log.info({ documentId, syncId, ...ended.counts }, 'document sync finished');
  };

async function fetchAndIndex(deps: SyncDeps, documentId: number, signal: AbortSignal): Promise<Ended> {
  const { db, config } = deps;
  const source = await findUrlSource(db, documentId);
  const document = await findDocument(db, { id: documentId });
  if (!source || !document) return { status: 'completed', message: DOCUMENT_SYNC_TEXTS.replacedMeanwhile, counts: {} };
  const maxBytes = config.uploadMaxMb * 1024 * 1024;
  const answer: RemotePage = await fetchRemotePage(source.url, {
    maxBytes,
    userAgent: crawlerUserAgent(config.publicUrl),
    accept: 'application/pdf, */*;q=0.5',
    allowPrivateAddresses: config.allowPrivateUrls,
    // A retired source asks for the whole file: a copy found again is read as new.
    ...(source.state === 'retired' ? {} : { validators: source.validators }),
    timeLimitMs: 300_000,
    signal,
    ...deps.fetchOptions,
  });
  if (answer.skipped === 'unchanged') {
    await markUrlSourceCurrent(db, documentId, { validators: source.validators });
    return { status: 'completed', message: null, counts: { unchanged: 1 } };
  }
  if (answer.skipped !== undefined) return await notFetched(db, documentId, answer.status, source.state === 'retired');
  if (!looksLikePdf(answer.bytes)) throw new RemoteFetchError(REMOTE_FETCH_REASONS.notPdf);
  const hash = createHash('sha256').update(answer.bytes).digest('hex');
  if (hash === source.contentHash && source.state !== 'retired') {
    await markUrlSourceCurrent(db, documentId, { validators: answer.validators });
    return { status: 'completed', message: null, counts: { unchanged: 1 } };
  }
  const oldFile = await findStoredFile(db, document.fileId);
  const file = await storeFile(db, { filename: filenameOf(new URL(answer.url)), uploadedByUserId: oldFile?.uploadedByUserId ?? null, maxBytes }, Readable.from([answer.bytes]));
  let prepared: PreparedChunks;
  try {
    prepared = await prepareDocumentFile(deps, documentId, file.fileId, signal);
  } catch (error) {
    await deleteFile(db, file.fileId);
    throw error;
  }
  const outcome = source.state === 'retired' ? 'added' : 'changed';
  const windows = await db.transaction(async (tx) => {
    // Locked: a replacement, delete or re-index started meanwhile wins, and this copy is dropped.
    const current = await findDocument(tx, { id: documentId }, { forUpdate: true });
    if (!current || current.fileId !== document.fileId || current.status === 'in_progress') return undefined;
    const written = await writeChunks(tx, { documentId }, prepared);
    await swapInReplacementFile(tx, documentId, file);
    await deleteFile(tx, current.fileId);
    await markDocumentCompleted(tx, documentId);
    await markUrlSourceCurrent(tx, documentId, { validators: answer.validators, contentHash: hash });
    await documentWebhook(tx, 'document.indexed', documentId, true);
    return written;
  });
  if (windows === undefined) {
    await deleteFile(db, file.fileId);
    return { status: 'completed', message: DOCUMENT_SYNC_TEXTS.replacedMeanwhile, counts: {} };
  }
  await writeChunkWindows(db, windows);
  return { status: 'completed', message: null, counts: { [outcome]: 1 } };
}

/** The URL answered an error: gone (404/410) twice in a row retires the document; otherwise its last good text answers. */
async function notFetched(db: Db, documentId: number, status: number, retired: boolean): Promise<Ended> {
  if (retired && GONE_STATUSES.has(status)) return { status: 'completed', message: DOCUMENT_SYNC_TEXTS.stillGone(status), counts: {} };
  const reason = REMOTE_FETCH_REASONS.status(status, undefined);
  if (!GONE_STATUSES.has(status)) {
    await markUrlSourceFailing(db, documentId, DOCUMENT_SOURCE_MESSAGES.keptText(reason));
    return { status: 'failed', message: reason, counts: { failed: 1 } };
  }
  return db.transaction(async (tx) => {
    const goneCount = await markUrlSourceFailing(tx, documentId, DOCUMENT_SOURCE_MESSAGES.goneOnce(status), { gone: true });
    if (goneCount < 2) return { status: 'failed', message: DOCUMENT_SOURCE_MESSAGES.goneOnce(status), counts: { failed: 1 } } satisfies Ended;
    const current = await findDocument(tx, { id: documentId }, { forUpdate: true });
    if (!current) return { status: 'completed', message: DOCUMENT_SYNC_TEXTS.replacedMeanwhile, counts: {} } satisfies Ended;
    // Retired: no chunk left to cite; the card says why (the spec's error state, with its reason).
    await deleteChunks(tx, { documentId });
    await markDocumentFailed(tx, documentId, DOCUMENT_SOURCE_MESSAGES.goneTwice(status));
    await markUrlSourceRetired(tx, documentId, DOCUMENT_SOURCE_MESSAGES.goneTwice(status));
    await documentWebhook(tx, 'document.failed', documentId, false);
    return { status: 'completed', message: DOCUMENT_SOURCE_MESSAGES.goneTwice(status), counts: { removed: 1 } } satisfies Ended;
  });
}

export const documentUrlSyncHandler = (deps: SyncDeps): JobHandler =>
  Object.assign(syncDocument(deps), {
    giveUp: async (payload: Record<string, unknown>) => {
      const { syncId } = payloadSchema.parse(payload);
      await endSync(deps.db, syncId, 'failed', DOCUMENT_SYNC_TEXTS.cutOff, { checked: 1, failed: 1 });
    },
  });
