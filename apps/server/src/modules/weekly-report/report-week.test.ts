import { describe, expect, it } from 'vitest';
import { isoWeekName, previousWeek, reportWeekBefore, weekDays, weekStartOf } from './report-week.ts';

const at = (iso: string) => new Date(iso);

describe("the weekly report's week", () => {
  it('starts on the Monday 00:00 UTC at or before a moment', () => {
    expect(weekStartOf(at('2026-11-30T00:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z'); // a Monday, at midnight
    expect(weekStartOf(at('2026-11-29T23:59:59.999Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z'); // the Sunday before
    expect(weekStartOf(at('2026-12-02T13:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z'); // a Wednesday
  });

  it("is the last whole week: a Monday's report is about Monday to Sunday before it, wherever in Monday it runs", () => {
    for (const now of ['2026-11-30T00:00:00Z', '2026-11-30T00:59:00Z', '2026-12-06T23:59:59Z']) {
      const week = reportWeekBefore(at(now));
      expect([week.start.toISOString(), week.end.toISOString()]).toEqual(['2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z']);
    }
    // One millisecond before Monday is still the week before's.
    expect(reportWeekBefore(at('2026-11-29T23:59:59.999Z')).start.toISOString()).toBe('2026-11-16T00:00:00.000Z');
    const before = previousWeek(reportWeekBefore(at('2026-11-30T08:00:00Z')));
    expect([before.start.toISOString(), before.end.toISOString()]).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
  });

  it('names the week as ISO 8601 does, the year of its Thursday', () => {
    expect(isoWeekName(at('2026-11-23T00:00:00Z'))).toBe('2026-W48');
    expect(isoWeekName(at('2025-12-29T00:00:00Z'))).toBe('2026-W01'); // its Thursday is 1 January 2026
    expect(isoWeekName(at('2020-12-28T00:00:00Z'))).toBe('2020-W53');
    expect(isoWeekName(at('2027-01-04T00:00:00Z'))).toBe('2027-W01');
  });

  it('says its days, the last one included', () => {
    expect(weekDays(reportWeekBefore(at('2026-11-30T08:00:00Z')))).toBe('23 – 29 November 2026');
    expect(weekDays(reportWeekBefore(at('2026-12-07T08:00:00Z')))).toBe('30 November – 6 December 2026');
    expect(weekDays(reportWeekBefore(at('2027-01-04T08:00:00Z')))).toBe('28 December 2026 – 3 January 2027');
  });
});
