import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { informTheBotRow, type InformTheBotRow } from '@steward/contract/inform-the-bot';
import { apiPost, apiPostForm } from '../../../lib/api-client.ts';
import { showNewItems } from './update-inform-the-bot-cache.ts';

export interface NewInformation {
  content: string;
  files: readonly File[];
  /** A correction's question ("Correct this answer"): sent with typed content only. */
  question?: string;
}

/** Typed content alone (or a correction) goes to POST /api/inform-the-bot; with files, to the multipart upload call. */
export async function createInformTheBotItems({ content, files, question }: NewInformation): Promise<InformTheBotRow[]> {
  if (files.length === 0) {
    const body = question === undefined ? { content } : { content, question };
    return (await apiPost('/api/inform-the-bot', body, rowsAnswer(informTheBotRow))).data.rows;
  }
  const form = new FormData();
  form.append('content', content);
  for (const file of files) form.append('files', file, file.name);
  return (await apiPostForm('/api/inform-the-bot/upload', form, rowsAnswer(informTheBotRow))).data.rows;
}

export function useCreateInformTheBotItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInformTheBotItems,
    onSuccess: (created) => showNewItems(queryClient, created),
  });
}
