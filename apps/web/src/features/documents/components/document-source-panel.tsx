import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_SOURCE_MESSAGES, DOCUMENT_URL_SOURCE_STATE_LABELS, type DocumentSourceRow } from '@steward/contract/document-sources';
import { canSyncDocumentSources, type StaffMember } from '@steward/contract/permissions';
import { SITE_SYNC_STATUS_LABELS } from '@steward/contract/sites';
import { ExternalLink } from '../../../components/external-link.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { errorMessage } from '../../../components/form/error-message.ts';
import { IconClock } from '../../../components/icons.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useDocumentSource, useDocumentSyncs, useSetDocumentSchedule, useSyncDocumentNow } from '../api/document-source.ts';
import { documentChunksQueryKey } from '../api/get-document-chunks.ts';
import { syncCounts, syncStarter, SyncHistoryList, SyncHistoryToggle, SyncOverdue, SyncScheduleField } from './source-sync-parts.tsx';

/**
 * The "Source" panel of a document added by URL (issue 55), on its own page: the URL, whether the copy indexed is
 * current, its schedule, Sync now, its last sync and its history. Nothing for a document not added by URL.
 */
export function DocumentSourcePanel({ documentId, viewer }: { documentId: number; viewer: StaffMember }) {
  const { data: source } = useDocumentSource(documentId);
  const queryClient = useQueryClient();
  const lastSync = source ? `${source.last_sync?.id ?? 0}:${source.last_sync?.status ?? ''}` : '';
  const seen = useRef(lastSync);
  // A sync that ended may have swapped the passages: the list and its counts are asked again.
  useEffect(() => {
    if (seen.current !== lastSync) void queryClient.invalidateQueries({ queryKey: documentChunksQueryKey(documentId) });
    seen.current = lastSync;
  }, [lastSync, documentId, queryClient]);
  if (!source) return null;
  return <SourceCard source={source} viewer={viewer} lastSync={lastSync} />;
}

function SourceCard({ source, viewer, lastSync }: { source: DocumentSourceRow; viewer: StaffMember; lastSync: string }) {
  const [showHistory, setShowHistory] = useState(false);
  const documentId = source.document_id;
  const syncNow = useSyncDocumentNow(documentId);
  const schedule = useSetDocumentSchedule(documentId);
  const mayChange = canSyncDocumentSources(viewer);
  const historyId = `document-${documentId}-syncs`;
  const last = source.last_sync;
  return (
    <Card as="section" className="mb-3" aria-labelledby="document-source-title">
      <Card.Body>
        <h2 id="document-source-title" className="h3 card-title">
          Source
        </h2>
        <dl className="row small mb-2">
          <dt className="col-sm-3">Fetched from</dt>
          <dd className="col-sm-9 breakable">
            <ExternalLink href={source.url} />
          </dd>
          <dt className="col-sm-3">State</dt>
          <dd className={`col-sm-9 ${source.state === 'current' ? '' : 'text-danger-emphasis fw-medium'}`} data-testid="document-source-state">
            {DOCUMENT_URL_SOURCE_STATE_LABELS[source.state]}
            {source.message ? <div className="breakable fw-normal">{source.message}</div> : null}
          </dd>
          <dt className="col-sm-3">Last sync</dt>
          <dd className="col-sm-9 mb-0" data-testid="document-source-last-sync">
            {last ? (
              <>
                {formatDateTime(last.started_at ?? last.queued_at)} · {syncStarter(last)} · {SITE_SYNC_STATUS_LABELS[last.status]}
                {last.finished_at ? <div className="text-body-secondary">{syncCounts(last)}</div> : null}
              </>
            ) : (
              'Not synced yet'
            )}
          </dd>
        </dl>
        <SyncOverdue overdue={source.sync_overdue} schedule={source.sync_schedule} />
        <div className="d-flex flex-wrap align-items-center gap-2">
          <SyncScheduleField id={`document-${documentId}-schedule`} value={source.sync_schedule} mayChange={mayChange} disabled={schedule.isPending} onChange={(chosen) => schedule.mutate(chosen)} />
          {mayChange ? (
            <Button size="sm" variant="outline-primary" disabled={syncNow.isPending || source.syncing} onClick={() => syncNow.mutate()}>
              <IconClock className="me-1" size={16} />
              {syncNow.isPending || source.syncing ? 'Syncing...' : 'Sync now'}
            </Button>
          ) : null}
          <SyncHistoryToggle shown={showHistory} historyId={historyId} onToggle={() => setShowHistory(!showHistory)} />
        </div>
        {syncNow.isSuccess && source.syncing ? (
          <p className="small text-body-secondary mb-0 mt-1" role="status">
            {DOCUMENT_SOURCE_MESSAGES.syncQueued}
          </p>
        ) : null}
        <FormAlert error={syncNow.error ? errorMessage(syncNow.error) : schedule.error ? errorMessage(schedule.error) : undefined} below />
        {showHistory ? (
          <div className="mt-2">
            <SyncHistory documentId={documentId} lastSync={lastSync} id={historyId} />
          </div>
        ) : null}
      </Card.Body>
    </Card>
  );
}

function SyncHistory({ documentId, lastSync, id }: { documentId: number; lastSync: string; id: string }) {
  const { data: rows, isPending } = useDocumentSyncs(documentId, lastSync);
  return <SyncHistoryList rows={rows} isPending={isPending} id={id} label="Syncs of this document" />;
}
