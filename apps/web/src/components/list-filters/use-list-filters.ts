import { useSearchParams } from 'react-router';
import type { ListFilterKey } from '@steward/contract/list-filters';
import { apiQueryOfListFilters, filtersFromSearch, hasListFilters, type ListFilterValues, queryOfListFilters } from './list-filter-query.ts';

/** A list's triage filters from the URL, with the queries its links, its call and its export carry. */
export function useListFilters(keys: readonly ListFilterKey[]) {
  const [searchParams] = useSearchParams();
  const values: ListFilterValues = filtersFromSearch(searchParams, keys);
  return {
    values,
    filtered: hasListFilters(values),
    /** For the dashboard's own links: pages, tabs. */
    routeQuery: queryOfListFilters(values),
    /** For the list call and the export: the days in the viewer's time zone. */
    apiQuery: apiQueryOfListFilters(values),
  };
}
