import { queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { informTheBotRow, type InformTheBotRow } from '@steward/contract/inform-the-bot';
import { apiGet } from '../../../lib/api-client.ts';

export const getInformTheBotPage = async (pageIndex: number): Promise<InformTheBotRow[]> =>
  (await apiGet(`/api/inform-the-bot/${pageIndex}`, rowsAnswer(informTheBotRow))).data.rows;

export const informTheBotQueryKey = ['inform-the-bot'] as const;

export const getInformTheBotPageQueryOptions = (pageIndex: number) =>
  queryOptions({ queryKey: [...informTheBotQueryKey, { pageIndex }], queryFn: () => getInformTheBotPage(pageIndex) });

export const useInformTheBotPage = (pageIndex: number) => useQuery(getInformTheBotPageQueryOptions(pageIndex));
