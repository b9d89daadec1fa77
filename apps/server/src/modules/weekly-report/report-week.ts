const DAY_MS = 86_400_000;

/** A week of the report: Monday 00:00 UTC (start, included) to the next Monday 00:00 UTC (end, excluded). */
export interface ReportWeek {
  start: Date;
  end: Date;
}

/** The Monday 00:00 UTC at or before `time`. Steward has no configured time zone: the report's weeks are UTC weeks. */
export function weekStartOf(time: Date): Date {
  const midnight = Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

/** The last whole week before `now` (the one a Monday's report is about). */
export function reportWeekBefore(now: Date): ReportWeek {
  const end = weekStartOf(now);
  return { start: new Date(end.getTime() - 7 * DAY_MS), end };
}

/** The week before `week` (the trend's comparison). */
export const previousWeek = (week: ReportWeek): ReportWeek => ({ start: new Date(week.start.getTime() - 7 * DAY_MS), end: week.start });

/** ISO 8601's name of the week starting at `start` (a Monday): `2026-W48`. Its year is the year of its Thursday. */
export function isoWeekName(start: Date): string {
  const thursday = new Date(start.getTime() + 3 * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / DAY_MS / 7) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** "23 – 29 November 2026" (the days of the week, its last day included), in UTC. */
export function weekDays(week: ReportWeek): string {
  const last = new Date(week.end.getTime() - DAY_MS);
  const day = (date: Date, withMonth: boolean, withYear: boolean) =>
    date.toLocaleDateString('en-GB', { day: 'numeric', ...(withMonth ? { month: 'long' } : {}), ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
  const sameMonth = week.start.getUTCMonth() === last.getUTCMonth();
  const sameYear = week.start.getUTCFullYear() === last.getUTCFullYear();
  return `${day(week.start, !sameMonth, !sameYear)} – ${day(last, true, true)}`;
}
