import { describe, expect, it } from 'vitest';
import { filtersFromQuery, hasFilters, listRequestOf, queryOfFilters, withoutEmptyFilters } from './audit-filters.ts';

describe('the Audit Log filters in the URL', () => {
  it('round-trips every filter through the query', () => {
    const filters = { personId: 7, action: 'sign_in_failed' as const, from: '2026-03-01', to: '2026-03-31' };
    const query = queryOfFilters(filters);
    expect(query).toBe('?person=7&action=sign_in_failed&from=2026-03-01&to=2026-03-31');
    expect(filtersFromQuery(new URLSearchParams(query))).toEqual(filters);
  });

  it('round-trips a group of actions, sent as action_group', () => {
    const query = queryOfFilters({ group: 'identity' });
    expect(query).toBe('?group=identity');
    expect(filtersFromQuery(new URLSearchParams(query))).toEqual({ group: 'identity' });
    expect(listRequestOf({ group: 'identity', personId: 2 }, 0)).toEqual({ actor_id: 2, action_group: 'identity' });
    expect(filtersFromQuery(new URLSearchParams('group=everything'))).toEqual({});
  });

  it('reads malformed values as no filter', () => {
    expect(filtersFromQuery(new URLSearchParams('person=abc&action=rewrote_history&from=yesterday&to=2026-3-1'))).toEqual({});
    expect(filtersFromQuery(new URLSearchParams('person=-2'))).toEqual({});
  });

  it('writes no query without filters', () => {
    expect(queryOfFilters({})).toBe('');
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ action: 'sign_out' })).toBe(true);
  });

  it('drops cleared filters', () => {
    expect(withoutEmptyFilters({ personId: 4, from: '', to: '2026-01-02' })).toEqual({ personId: 4, to: '2026-01-02' });
  });

  it('sends the browser offset only with days', () => {
    expect(listRequestOf({ personId: 3 }, 5.5)).toEqual({ actor_id: 3 });
    expect(listRequestOf({ from: '2026-01-01' }, 5.5)).toEqual({ from: '2026-01-01', timezone_offset_hours: 5.5 });
  });
});
