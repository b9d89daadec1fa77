import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_MESSAGES } from '@steward/contract/documents';
import { type DocumentSourceRow, documentSourceRow } from '@steward/contract/document-sources';
import { idParam, rowsAnswer } from '@steward/contract/envelope';
import { canReadDocuments, canSyncDocumentSources } from '@steward/contract/permissions';
import { siteScheduleRequest, siteSyncRow } from '@steward/contract/sites';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { signedInActor } from '../../plugins/access.ts';
import { findDocument } from './documents.repository.ts';
import { setDocumentSyncSchedule, syncDocumentNow } from './document-url-sources.actions.ts';
import { findUrlSource } from './document-url-sources.repository.ts';
import { lastCompletedDocumentSyncAt, latestDocumentSync, listSyncs } from './site-syncs.repository.ts';
import { isSyncOverdue, presentSync } from './source-syncs.presenter.ts';

/** The document's URL source as its Source panel shows it: no row for a document not added by URL. */
async function presentSource(db: Db, documentId: number): Promise<DocumentSourceRow[]> {
  if (!(await findDocument(db, { id: documentId }))) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
  const source = await findUrlSource(db, documentId);
  if (!source) return [];
  const lastSync = await latestDocumentSync(db, documentId);
  const lastCompletedSyncAt = await lastCompletedDocumentSyncAt(db, documentId);
  return [
    {
      document_id: documentId,
      url: source.url,
      sync_schedule: source.syncSchedule,
      state: source.state,
      message: source.message,
      last_sync: lastSync ? presentSync(lastSync) : null,
      sync_overdue: isSyncOverdue({ syncSchedule: source.syncSchedule, lastCompletedSyncAt, addedAt: source.addedAt }, new Date()),
      syncing: lastSync?.status === 'queued' || lastSync?.status === 'running',
    },
  ];
}

const params = { params: z.object({ id: idParam }) };

/** A PDF added by URL as a source (issue 55): its Source panel on the document's page; sync now, schedule, history. */
export async function documentSourceRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/documents/:id/source', { config: { access: canReadDocuments }, schema: { ...params, response: { 200: rowsAnswer(documentSourceRow) } } }, async (request) => ({
    success: true as const,
    data: { rows: await presentSource(db, request.params.id) },
  }));

  api.post('/api/documents/:id/source/sync', { config: { access: canSyncDocumentSources }, schema: { ...params, response: { 200: rowsAnswer(documentSourceRow) } } }, async (request) => {
    const actor = signedInActor(request);
    await db.transaction((tx) => syncDocumentNow(tx, actor, request.params.id));
    return { success: true as const, data: { rows: await presentSource(db, request.params.id) } };
  });

  api.post(
    '/api/documents/:id/source/schedule',
    { config: { access: canSyncDocumentSources }, schema: { ...params, body: siteScheduleRequest, response: { 200: rowsAnswer(documentSourceRow) } } },
    async (request) => {
      const actor = signedInActor(request);
      await db.transaction((tx) => setDocumentSyncSchedule(tx, actor, request.params.id, request.body.sync_schedule));
      return { success: true as const, data: { rows: await presentSource(db, request.params.id) } };
    },
  );

  api.get('/api/documents/:id/source/syncs', { config: { access: canReadDocuments }, schema: { ...params, response: { 200: rowsAnswer(siteSyncRow) } } }, async (request) => {
    if (!(await findDocument(db, { id: request.params.id }))) throw new HttpError(404, DOCUMENT_MESSAGES.notFound);
    return { success: true as const, data: { rows: (await listSyncs(db, { documentId: request.params.id })).map(presentSync) } };
  });
}
