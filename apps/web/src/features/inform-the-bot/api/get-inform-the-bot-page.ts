import { queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { INFORM_THE_BOT_STATUS_PARAM, informTheBotRow, type InformTheBotRow } from '@steward/contract/inform-the-bot';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/inform-the-bot/{pageIndex}, or only the pending items (`?status=pending`, the Pending tab). */
export const getInformTheBotPage = async (pageIndex: number, pendingOnly = false): Promise<InformTheBotRow[]> =>
  (await apiGet(`/api/inform-the-bot/${pageIndex}${pendingOnly ? `?${INFORM_THE_BOT_STATUS_PARAM}=pending` : ''}`, rowsAnswer(informTheBotRow))).data.rows;

export const informTheBotQueryKey = ['inform-the-bot'] as const;

/** The first page of all items keeps its key of before, `[…, { pageIndex }]`: new items are put at its top. */
export const getInformTheBotPageQueryOptions = (pageIndex: number, pendingOnly = false) =>
  queryOptions({
    queryKey: pendingOnly ? [...informTheBotQueryKey, { pageIndex, pendingOnly }] : [...informTheBotQueryKey, { pageIndex }],
    queryFn: () => getInformTheBotPage(pageIndex, pendingOnly),
  });

export const useInformTheBotPage = (pageIndex: number, pendingOnly = false) => useQuery(getInformTheBotPageQueryOptions(pageIndex, pendingOnly));
