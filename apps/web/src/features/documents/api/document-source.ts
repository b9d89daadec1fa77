import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentSourceRow, type DocumentSourceRow } from '@steward/contract/document-sources';
import { rowsAnswer } from '@steward/contract/envelope';
import { type SiteSyncRow, siteSyncRow, type SyncSchedule } from '@steward/contract/sites';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** How often a source being synced is asked again. */
export const SYNCING_POLL_MS = 2000;

export const documentSourceQueryKey = (documentId: number) => ['documents', documentId, 'source'] as const;

/** GET /api/documents/{id}/source: the document's URL source, or undefined for a document not added by URL. */
export const getDocumentSource = async (documentId: number): Promise<DocumentSourceRow | null> =>
  (await apiGet(`/api/documents/${documentId}/source`, rowsAnswer(documentSourceRow))).data.rows[0] ?? null;

export const getDocumentSyncs = async (documentId: number): Promise<SiteSyncRow[]> =>
  (await apiGet(`/api/documents/${documentId}/source/syncs`, rowsAnswer(siteSyncRow))).data.rows;

/** The source, asked again every 2 s while a sync of it is queued or running. */
export const useDocumentSource = (documentId: number) =>
  useQuery(
    queryOptions({
      queryKey: documentSourceQueryKey(documentId),
      queryFn: () => getDocumentSource(documentId),
      refetchInterval: (query) => (query.state.data?.syncing ? SYNCING_POLL_MS : false),
    }),
  );

/** Its history, asked again whenever its newest sync moves on (`lastSync`: its id and state). */
export const useDocumentSyncs = (documentId: number, lastSync: string) =>
  useQuery(queryOptions({ queryKey: [...documentSourceQueryKey(documentId), 'syncs', lastSync], queryFn: () => getDocumentSyncs(documentId) }));

const syncDocumentNow = (documentId: number) => apiPost(`/api/documents/${documentId}/source/sync`, undefined, rowsAnswer(documentSourceRow));

const setDocumentSchedule = ({ documentId, schedule }: { documentId: number; schedule: SyncSchedule }) =>
  apiPost(`/api/documents/${documentId}/source/schedule`, { sync_schedule: schedule }, rowsAnswer(documentSourceRow));

export function useSyncDocumentNow(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => syncDocumentNow(documentId), onSettled: () => queryClient.invalidateQueries({ queryKey: documentSourceQueryKey(documentId) }) });
}

export function useSetDocumentSchedule(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: SyncSchedule) => setDocumentSchedule({ documentId, schedule }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentSourceQueryKey(documentId) }),
  });
}
