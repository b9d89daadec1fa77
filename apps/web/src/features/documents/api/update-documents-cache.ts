import type { QueryClient } from '@tanstack/react-query';
import type { DocumentRow } from '@steward/contract/documents';
import { PAGE_SIZE } from '@steward/contract/paging';
import { documentsQueryKey, getDocumentsPageQueryOptions } from './get-documents-page.ts';

/** Puts new documents at the top of the first page at once; other pages reload when next shown. */
export function showNewDocuments(queryClient: QueryClient, created: readonly DocumentRow[]): void {
  const totalCount = created[0]?.total_count;
  queryClient.setQueryData(getDocumentsPageQueryOptions(0).queryKey, (rows) =>
    [...created, ...(rows ?? [])].slice(0, PAGE_SIZE.documents).map((row) => ({ ...row, total_count: totalCount ?? row.total_count })),
  );
  void queryClient.invalidateQueries({ queryKey: documentsQueryKey, refetchType: 'none' });
}

/** Replaces one document wherever it is listed, keeping that page's total. */
export function showChangedDocument(queryClient: QueryClient, changed: DocumentRow): void {
  queryClient.setQueriesData<DocumentRow[]>({ queryKey: documentsQueryKey }, (rows) =>
    rows?.map((row) => (row.id === changed.id ? { ...changed, total_count: row.total_count } : row)),
  );
}
