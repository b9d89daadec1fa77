import { describe, expect, it } from 'vitest';
import { startOfLocalDay } from './list-filter-sql.ts';

describe('startOfLocalDay', () => {
  it.each([
    ['2026-03-01', 0, '2026-03-01T00:00:00.000Z'],
    ['2026-03-01', 1, '2026-02-28T23:00:00.000Z'],
    ['2026-03-01', 5.5, '2026-02-28T18:30:00.000Z'],
    ['2026-03-01', -9.5, '2026-03-01T09:30:00.000Z'],
    ['2026-01-01', 14, '2025-12-31T10:00:00.000Z'],
  ])('%s at UTC%s starts at %s', (day, offset, instant) => {
    expect(startOfLocalDay(day, offset).toISOString()).toBe(instant);
  });
});
