import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { helpRequestReplyRow, helpRequestReplySentRow, type HelpRequestReplySent, type HelpRequestThread } from '@steward/contract/help-requests';
import { apiPost } from '../../../lib/api-client.ts';
import { helpRequestQueryKeys } from './help-request-query-keys.ts';

/** POST /api/help-requests/{id}/reply: mails the reply to the visitor; answers it as kept in the thread, and how its mail went. */
export const replyToHelpRequest = async ({ id, message }: { id: number; message: string }): Promise<HelpRequestReplySent> => {
  const row = (await apiPost(`/api/help-requests/${id}/reply`, { message }, rowsAnswer(helpRequestReplySentRow))).data.rows[0];
  if (!row) throw new Error('The server did not answer the reply.');
  return row;
};

/** Sends a reply and adds it to the thread shown. */
export function useReplyToHelpRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToHelpRequest,
    onSuccess: (reply, { id }) =>
      queryClient.setQueryData<HelpRequestThread>(helpRequestQueryKeys.thread(id), (thread) =>
        thread ? { ...thread, replies: [...thread.replies, helpRequestReplyRow.parse(reply)] } : thread,
      ),
  });
}
