import { describe, expect, it } from 'vitest';
import { filtersFromSearch, hasListFilters, queryOfListFilters } from './list-filter-query.ts';

const ALL = ['from', 'to', 'rating', 'coverage_gaps', 'help_request', 'origin', 'country'] as const;

describe('the triage filters in the URL', () => {
  it('reads the valid values and drops the rest, as a bad page number reads as page 1', () => {
    const search = new URLSearchParams('from=2030-01-01&to=2030-02-30&rating=sideways&coverage_gaps=true&help_request=false&origin=https://shop.example.com&country=DEU&page=3');
    expect(filtersFromSearch(search, ALL)).toEqual({ from: '2030-01-01', coverage_gaps: 'true', help_request: 'false', origin: 'https://shop.example.com' });
  });

  it('reads only the keys the list offers, and drops a "to" before its "from"', () => {
    expect(filtersFromSearch(new URLSearchParams('rating=down&country=de'), ['country'])).toEqual({ country: 'de' });
    expect(filtersFromSearch(new URLSearchParams('from=2030-02-01&to=2030-01-01'), ALL)).toEqual({ from: '2030-02-01', to: undefined });
  });

  it('writes the filters in one order, so equal filters make equal links', () => {
    expect(queryOfListFilters({ country: 'DE', from: '2030-01-01', rating: 'down' })).toBe('?from=2030-01-01&rating=down&country=DE');
    expect(queryOfListFilters({}, { tz: '2' })).toBe('?tz=2');
    expect(queryOfListFilters({})).toBe('');
    expect(hasListFilters({ to: undefined })).toBe(false);
  });
});
