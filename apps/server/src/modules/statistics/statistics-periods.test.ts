import { describe, expect, it } from 'vitest';
import { planStatistics } from './statistics-periods.ts';

const at = (iso: string): number => Date.parse(iso);
const iso = (time: number): string => new Date(time).toISOString();
/** The item at `index` (negative counts from the end); a missing one fails the test. */
function nth<Item>(items: readonly Item[], index: number): Item {
  const item = items.at(index);
  if (item === undefined) throw new Error(`no item at ${index}`);
  return item;
}
function defined<Value>(value: Value | undefined): Value {
  if (value === undefined) throw new Error('expected a value');
  return value;
}
const dates = (plan: ReturnType<typeof planStatistics>) => plan.buckets.map((bucket) => bucket.date);

describe('Past Week', () => {
  it('is the 7 local days ending today, at +5:30', () => {
    const plan = planStatistics('Past Week', 5.5, at('2026-11-21T10:00:00Z'));
    expect(dates(plan)).toEqual(['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']);
    expect(iso(nth(plan.buckets, 0).from)).toBe('2026-11-14T18:30:00.000Z');
    expect(iso(nth(plan.buckets, 6).to)).toBe('2026-11-21T18:30:00.000Z');
    expect(plan.current).toEqual({ from: nth(plan.buckets, 0).from, to: nth(plan.buckets, 6).to });
    expect(iso(defined(plan.previous).from)).toBe('2026-11-07T18:30:00.000Z');
    expect(defined(plan.previous).to).toBe(plan.current.from);
  });

  it('turns the day at the local midnight at -9:30', () => {
    const before = planStatistics('Past Week', -9.5, at('2026-11-21T09:29:59Z'));
    const after = planStatistics('Past Week', -9.5, at('2026-11-21T09:30:00Z'));
    expect(nth(before.buckets, -1).date).toBe('2026-11-20');
    expect(nth(after.buckets, -1).date).toBe('2026-11-21');
    expect(iso(nth(after.buckets, -1).from)).toBe('2026-11-21T09:30:00.000Z');
  });

  it('crosses a year boundary at UTC', () => {
    const plan = planStatistics('Past Week', 0, at('2027-01-02T23:59:59Z'));
    expect(dates(plan)).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(iso(plan.current.to)).toBe('2027-01-03T00:00:00.000Z');
  });
});

describe('Past Month', () => {
  it('labels step back 7 days from today over one month; the oldest bucket is cut at the period start', () => {
    const plan = planStatistics('Past Month', 0, at('2027-03-31T12:00:00Z'));
    expect(dates(plan)).toEqual(['2027-03-03', '2027-03-10', '2027-03-17', '2027-03-24', '2027-03-31']);
    expect(iso(plan.current.from)).toBe('2027-03-01T00:00:00.000Z');
    expect(iso(nth(plan.buckets, 0).from)).toBe('2027-03-01T00:00:00.000Z');
    expect(iso(nth(plan.buckets, 0).to)).toBe('2027-03-04T00:00:00.000Z');
    expect(iso(nth(plan.buckets, 1).from)).toBe('2027-03-04T00:00:00.000Z');
    expect(plan.current.to - plan.current.from).toBe(31 * 86_400_000);
    expect(plan.previous).toEqual({ from: plan.current.from - 31 * 86_400_000, to: plan.current.from });
  });

  it('reaches back to a leap day when a month ago is past the end of February', () => {
    const plan = planStatistics('Past Month', 5.5, at('2028-03-29T12:00:00Z'));
    expect(iso(plan.current.from)).toBe('2028-02-28T18:30:00.000Z'); // 2028-02-29 00:00 at +5:30
    expect(dates(plan)).toEqual(['2028-03-01', '2028-03-08', '2028-03-15', '2028-03-22', '2028-03-29']);
    expect(iso(nth(plan.buckets, 0).from)).toBe('2028-02-28T18:30:00.000Z');
  });

  it('keeps buckets contiguous from the period start to the end of today at -9:30', () => {
    const plan = planStatistics('Past Month', -9.5, at('2026-11-21T08:00:00Z'));
    expect(nth(plan.buckets, -1).date).toBe('2026-11-20');
    expect(nth(plan.buckets, 0).from).toBe(plan.current.from);
    for (let index = 1; index < plan.buckets.length; index += 1) {
      expect(nth(plan.buckets, index).from).toBe(nth(plan.buckets, index - 1).to);
    }
    expect(nth(plan.buckets, -1).to).toBe(plan.current.to);
    expect(iso(plan.current.to)).toBe('2026-11-21T09:30:00.000Z');
  });
});

describe('Past Year', () => {
  it('has 13 monthly buckets across a year boundary at +5:30', () => {
    const plan = planStatistics('Past Year', 5.5, at('2026-01-15T10:00:00Z'));
    expect(dates(plan)).toEqual([
      '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07',
      '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01',
    ]);
    expect(iso(nth(plan.buckets, 0).from)).toBe('2024-12-31T18:30:00.000Z');
    expect(iso(nth(plan.buckets, 11).to)).toBe('2025-12-31T18:30:00.000Z');
    expect(iso(nth(plan.buckets, 12).to)).toBe('2026-01-15T18:30:00.000Z');
    expect(defined(plan.previous).to).toBe(plan.current.from);
  });

  it('ends February on the leap day at -9:30', () => {
    const plan = planStatistics('Past Year', -9.5, at('2028-03-10T00:00:00Z'));
    const february = defined(plan.buckets.find((bucket) => bucket.date === '2028-02'));
    expect(iso(february.to)).toBe('2028-03-01T09:30:00.000Z');
    expect(february.to - february.from).toBe(29 * 86_400_000);
  });
});

describe('All Time', () => {
  it('has one bucket per local month from the first data to this month, and no previous period', () => {
    const firstData = at('2024-12-31T20:00:00Z');
    const atUtc = planStatistics('All Time', 0, at('2026-11-21T10:00:00Z'), firstData);
    const atIndia = planStatistics('All Time', 5.5, at('2026-11-21T10:00:00Z'), firstData);
    expect(dates(atUtc)).toHaveLength(24);
    expect(dates(atUtc).slice(0, 2)).toEqual(['2024-12', '2025-01']);
    expect(dates(atUtc).at(-1)).toBe('2026-11');
    expect(dates(atIndia)[0]).toBe('2025-01');
    expect(iso(nth(atIndia.buckets, 0).from)).toBe('2024-12-31T18:30:00.000Z');
    expect(iso(nth(atUtc.buckets, 23).to)).toBe('2026-11-22T00:00:00.000Z');
    expect(atUtc.previous).toBeUndefined();
  });

  it('is this month alone on an empty database', () => {
    expect(dates(planStatistics('All Time', -9.5, at('2026-01-01T05:00:00Z')))).toEqual(['2025-12']);
  });
});
