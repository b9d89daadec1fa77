import { queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { isSiteCrawling, siteRow, type SiteRow } from '@steward/contract/sites';
import { apiGet } from '../../../lib/api-client.ts';

export const getSites = async (): Promise<SiteRow[]> => (await apiGet('/api/sites', rowsAnswer(siteRow))).data.rows;

export const sitesQueryKey = ['sites'] as const;

/** How often the websites ask again while one is being read, so its counts and state move on by themselves. */
export const CRAWLING_POLL_MS = 2000;

export const pollWhileCrawling = (rows: readonly SiteRow[] | undefined): number | false =>
  rows?.some((row) => isSiteCrawling(row.status)) ? CRAWLING_POLL_MS : false;

export const getSitesQueryOptions = () =>
  queryOptions({ queryKey: sitesQueryKey, queryFn: getSites, refetchInterval: (query) => pollWhileCrawling(query.state.data) });

export const useSites = () => useQuery(getSitesQueryOptions());
