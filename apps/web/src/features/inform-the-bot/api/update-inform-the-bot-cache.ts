import type { QueryClient } from '@tanstack/react-query';
import type { InformTheBotRow } from '@steward/contract/inform-the-bot';
import { PAGE_SIZE } from '@steward/contract/paging';
import { approvalQueueQueryKey } from './get-approval-queue.ts';
import { getInformTheBotPageQueryOptions, informTheBotQueryKey } from './get-inform-the-bot-page.ts';

/** Puts new rows at the top of the first page at once; other pages reload when next shown. */
export function showNewItems(queryClient: QueryClient, created: readonly InformTheBotRow[]): void {
  const totalCount = created[0]?.total_count;
  queryClient.setQueryData(getInformTheBotPageQueryOptions(0).queryKey, (rows) =>
    [...created, ...(rows ?? [])].slice(0, PAGE_SIZE.informTheBot).map((row) => ({ ...row, total_count: totalCount ?? row.total_count })),
  );
  void queryClient.invalidateQueries({ queryKey: informTheBotQueryKey, refetchType: 'none' });
  void queryClient.invalidateQueries({ queryKey: approvalQueueQueryKey });
}

/** Replaces one item wherever it is listed. */
export function replaceItem(queryClient: QueryClient, id: number, change: (row: InformTheBotRow) => InformTheBotRow): void {
  queryClient.setQueriesData<InformTheBotRow[]>({ queryKey: informTheBotQueryKey }, (rows) =>
    rows?.map((row) => (row.id === id ? change(row) : row)),
  );
  void queryClient.invalidateQueries({ queryKey: approvalQueueQueryKey });
}
