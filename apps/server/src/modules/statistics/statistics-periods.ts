import type { StatisticsPeriod } from '@steward/contract/statistics';

/**
 * The date math of the statistics screen, pure: which UTC instants a period and each chart
 * bucket cover for a viewer at a fixed offset from UTC. Every boundary is the viewer's local
 * midnight (or local month/year start). Ranges are half-open: [from, to), in epoch milliseconds.
 *
 * Local calendar math works on "wall" milliseconds (epoch ms + offset) read with the UTC getters.
 */

export interface TimeRange {
  from: number;
  to: number;
}

export interface StatisticsBucket extends TimeRange {
  /** The local date the bucket is labelled with: YYYY-MM-DD (day, week), YYYY-MM (month), YYYY (year). */
  date: string;
}

export interface StatisticsPlan {
  current: TimeRange;
  /** The period of the same length right before; none for All Time. */
  previous: TimeRange | undefined;
  buckets: StatisticsBucket[];
}

const DAY = 24 * 60 * 60 * 1000;

/** Offset hours (fractional allowed) → whole minutes → milliseconds. */
export const offsetMilliseconds = (timezoneOffsetHours: number): number => Math.round(timezoneOffsetHours * 60) * 60_000;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
const wallDate = (wall: number): string => {
  const date = new Date(wall);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};
const wallMonth = (wall: number): string => wallDate(wall).slice(0, 7);

const startOfWallDay = (wall: number): number => Math.floor(wall / DAY) * DAY;
const wallMonthStart = (year: number, month: number): number => Date.UTC(year, month, 1);

/** The same wall time `months` calendar months away; a day past the month's end becomes its last day. */
function addWallMonths(wall: number, months: number): number {
  const date = new Date(wall);
  const targetMonthStart = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const daysInTarget = new Date(Date.UTC(targetMonthStart.getUTCFullYear(), targetMonthStart.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(
    targetMonthStart.getUTCFullYear(),
    targetMonthStart.getUTCMonth(),
    Math.min(date.getUTCDate(), daysInTarget),
    date.getUTCHours(),
    date.getUTCMinutes(),
  );
}

const previousOf = (current: TimeRange): TimeRange => ({ from: current.from - (current.to - current.from), to: current.from });

/**
 * Plans one period for a viewer at `timezoneOffsetHours`, at instant `now`.
 * - Past Week: the 7 local days ending today, one bucket per day.
 * - Past Month: from the same day one month ago (the day after, as the period ends with today) to today;
 *   weekly buckets labelled today, today − 7, today − 14 … while inside the period, each the 7 days
 *   ending on its label (the oldest one cut at the period start).
 * - Past Year: this month and the 12 before, from the first of the oldest: 13 monthly buckets.
 * - All Time: one bucket per local month from `firstDataTime`'s month (or this month) to this month; the
 *   report sums them into the spec's years (statistics-report.ts), and the chart draws the months.
 * Every period ends at the end of today (local); previous is the same length right before.
 */
export function planStatistics(
  period: StatisticsPeriod,
  timezoneOffsetHours: number,
  now: number,
  firstDataTime?: number,
): StatisticsPlan {
  const offset = offsetMilliseconds(timezoneOffsetHours);
  const toInstant = (wall: number): number => wall - offset;
  const today = startOfWallDay(now + offset);
  const endWall = today + DAY;
  const end = toInstant(endWall);
  const todayDate = new Date(today);

  switch (period) {
    case 'Past Week': {
      const buckets = Array.from({ length: 7 }, (_, index) => {
        const dayWall = today - (6 - index) * DAY;
        return { date: wallDate(dayWall), from: toInstant(dayWall), to: toInstant(dayWall + DAY) };
      });
      const current = { from: toInstant(endWall - 7 * DAY), to: end };
      return { current, previous: previousOf(current), buckets };
    }
    case 'Past Month': {
      const startWall = addWallMonths(endWall, -1);
      const buckets: StatisticsBucket[] = [];
      for (let labelWall = today; labelWall >= startWall; labelWall -= 7 * DAY) {
        const fromWall = Math.max(startWall, labelWall - 6 * DAY);
        buckets.unshift({ date: wallDate(labelWall), from: toInstant(fromWall), to: toInstant(labelWall + DAY) });
      }
      const current = { from: toInstant(startWall), to: end };
      return { current, previous: previousOf(current), buckets };
    }
    case 'Past Year': {
      const year = todayDate.getUTCFullYear();
      const month = todayDate.getUTCMonth();
      const buckets = Array.from({ length: 13 }, (_, index) => {
        const fromWall = wallMonthStart(year, month - 12 + index);
        const toWall = Math.min(endWall, wallMonthStart(year, month - 11 + index));
        return { date: wallMonth(fromWall), from: toInstant(fromWall), to: toInstant(toWall) };
      });
      const current = { from: toInstant(wallMonthStart(year, month - 12)), to: end };
      return { current, previous: previousOf(current), buckets };
    }
    case 'All Time': {
      const thisYear = todayDate.getUTCFullYear();
      const thisMonth = todayDate.getUTCMonth();
      const first = firstDataTime === undefined ? undefined : new Date(Math.min(firstDataTime + offset, today));
      const buckets: StatisticsBucket[] = [];
      let index = first ? (first.getUTCFullYear() - thisYear) * 12 + first.getUTCMonth() - thisMonth : 0;
      for (; index <= 0; index += 1) {
        const fromWall = wallMonthStart(thisYear, thisMonth + index);
        const toWall = Math.min(endWall, wallMonthStart(thisYear, thisMonth + index + 1));
        buckets.push({ date: wallMonth(fromWall), from: toInstant(fromWall), to: toInstant(toWall) });
      }
      return { current: { from: buckets[0]?.from ?? end, to: end }, previous: undefined, buckets };
    }
  }
}
