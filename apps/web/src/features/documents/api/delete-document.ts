import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { useDeleteWithLaterReload } from '../../../lib/use-delete-with-later-reload.ts';
import { documentsQueryKey } from './get-documents-page.ts';

export const deleteDocument = (id: number) => apiPost(`/api/documents/${id}/delete`, undefined, successAnswer);

/** Deletes; the list reloads once the confirmation closes (`reloadList`). */
export const useDeleteDocument = () => useDeleteWithLaterReload(deleteDocument, documentsQueryKey);
