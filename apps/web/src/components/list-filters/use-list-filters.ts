import { useSearchParams } from 'react-router';
import type { ListFilterKey } from '@steward/contract/list-filters';
import { apiQueryOfListFilters, filtersFromSearch, hasListFilters, type ListFilterValues, queryOfListFilters } from './list-filter-query.ts';

export interface ListFilters {
  values: ListFilterValues;
  filtered: boolean;
  /** For the dashboard's own links: pages, tabs. */
  routeQuery: string;
  /** For the list call: the days in the viewer's time zone. */
  apiQuery: string;
  /** For the export: the list call's query and what the route holds besides (a tab's rating or status; '' for all). */
  exportQuery: (tab?: Record<string, string>) => string;
}

/** A list's triage filters from the URL, with the queries its links, its call and its export carry. */
export function useListFilters(keys: readonly ListFilterKey[]): ListFilters {
  const [searchParams] = useSearchParams();
  const values: ListFilterValues = filtersFromSearch(searchParams, keys);
  return {
    values,
    filtered: hasListFilters(values),
    routeQuery: queryOfListFilters(values),
    apiQuery: apiQueryOfListFilters(values),
    exportQuery: (tab = {}) => apiQueryOfListFilters(values, Object.fromEntries(Object.entries(tab).filter(([, value]) => value !== ''))),
  };
}
