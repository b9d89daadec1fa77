import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { useDeleteWithLaterReload } from '../../../lib/use-delete-with-later-reload.ts';
import { sitesQueryKey } from './get-sites.ts';

export const deleteSite = (id: number) => apiPost(`/api/sites/${id}/delete`, undefined, successAnswer);

/** Deletes a website with its pages; the list reloads once the confirmation closes (`reloadList`). */
export const useDeleteSite = () => useDeleteWithLaterReload(deleteSite, sitesQueryKey);
