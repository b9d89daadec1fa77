import { z } from 'zod';
import { RATINGS } from '@steward/contract/feedback';
import { countryCode, isoDay, LIST_FILTER_KEYS, type ListFilterKey, siteOrigin } from '@steward/contract/list-filters';
import { browserTimezoneOffsetHours } from '../../lib/browser-timezone.ts';

/** A list's triage filters as its URL query holds them (issue 40): only valid values, as text. */
export type ListFilterValues = Partial<Record<ListFilterKey, string>>;

/** What each key may hold in the dashboard's URL; the server checks the same with list-filters.ts. */
const VALID: Record<ListFilterKey, z.ZodType> = {
  from: isoDay,
  to: isoDay,
  rating: z.enum(RATINGS),
  coverage_gaps: z.literal('true'),
  help_request: z.enum(['true', 'false']),
  origin: siteOrigin,
  country: countryCode,
};

export const isValidFilterValue = (key: ListFilterKey, value: string): boolean => VALID[key].safeParse(value).success;

/** Reads the URL query: a malformed value reads as no filter, as a bad page number reads as page 1. */
export function filtersFromSearch(search: URLSearchParams, keys: readonly ListFilterKey[]): ListFilterValues {
  const values: ListFilterValues = {};
  for (const key of keys) {
    const value = search.get(key);
    if (value !== null && isValidFilterValue(key, value)) values[key] = value;
  }
  return values.from && values.to && values.from > values.to ? { ...values, to: undefined } : values;
}

/** The URL query of the filters set ('' for none), keys in one order so equal filters make equal links. */
export function queryOfListFilters(values: ListFilterValues, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const key of LIST_FILTER_KEYS) {
    const value = values[key];
    if (value) query.set(key, value);
  }
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  const text = query.toString();
  return text === '' ? '' : `?${text}`;
}

/** The list call's query: the filters, and the browser's offset when days are set, so they are the viewer's days. */
export const apiQueryOfListFilters = (values: ListFilterValues, extra: Record<string, string> = {}): string =>
  queryOfListFilters(values, { ...(values.from || values.to ? { tz: String(browserTimezoneOffsetHours()) } : {}), ...extra });

export const hasListFilters = (values: ListFilterValues): boolean => queryOfListFilters(values) !== '';
