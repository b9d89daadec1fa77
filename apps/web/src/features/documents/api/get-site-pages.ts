import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rowsAnswer } from '@steward/contract/envelope';
import { sitePageRow, type SitePageRow } from '@steward/contract/sites';
import { apiGet } from '../../../lib/api-client.ts';
import { CRAWLING_POLL_MS, sitesQueryKey } from './get-sites.ts';

export const getSitePages = async (siteId: number, pageIndex: number): Promise<SitePageRow[]> =>
  (await apiGet(`/api/sites/${siteId}/pages/${pageIndex}`, rowsAnswer(sitePageRow))).data.rows;

/** A site's pages, 50 at a time; asked again with the site while it is being read. */
export const getSitePagesQueryOptions = (siteId: number, pageIndex: number, crawling: boolean) =>
  queryOptions({
    queryKey: [...sitesQueryKey, siteId, 'pages', { pageIndex }],
    queryFn: () => getSitePages(siteId, pageIndex),
    placeholderData: keepPreviousData,
    refetchInterval: crawling ? CRAWLING_POLL_MS : false,
  });

export const useSitePages = (siteId: number, pageIndex: number, crawling: boolean) => useQuery(getSitePagesQueryOptions(siteId, pageIndex, crawling));
