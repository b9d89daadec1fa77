import { successAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';
import { useDeleteWithLaterReload } from '../../../lib/use-delete-with-later-reload.ts';
import { informTheBotQueryKey } from './get-inform-the-bot-page.ts';

export const deleteInformTheBotItem = (id: number) => apiPost(`/api/inform-the-bot/delete/${id}`, undefined, successAnswer);

/** Deletes; the list reloads once the confirmation closes (`reloadList`). */
export const useDeleteInformTheBotItem = () => useDeleteWithLaterReload(deleteInformTheBotItem, informTheBotQueryKey);
