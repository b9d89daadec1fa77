import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { informTheBotRow, type EditInformTheBotRequest, type InformTheBotRow } from '@steward/contract/inform-the-bot';
import { apiPost } from '../../../lib/api-client.ts';
import { replaceItem } from './update-inform-the-bot-cache.ts';

export const editInformTheBotItem = async (id: number, request: EditInformTheBotRequest): Promise<InformTheBotRow | undefined> =>
  (await apiPost(`/api/inform-the-bot/edit/${id}`, request, rowsAnswer(informTheBotRow))).data.rows[0];

export function useEditInformTheBotItem(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EditInformTheBotRequest) => editInformTheBotItem(id, request),
    onSuccess: (saved) => {
      if (saved) replaceItem(queryClient, id, (row) => ({ ...saved, total_count: row.total_count }));
    },
  });
}
