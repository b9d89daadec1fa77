import {
  STATISTICS_SERIES,
  type FeedbackBucket,
  type SessionsBucket,
  type StatisticsPeriod,
  type StatisticsRow,
} from '@steward/contract/statistics';
import type { Db } from '../../db/client.ts';
import { planStatistics } from './statistics-periods.ts';
import { NO_COUNTS, type StatisticsCounts } from './settled-totals.ts';
import { countStatistics } from './statistics.repository.ts';

/**
 * Where All Time started when last read, per database. All Time is planned from it and its statement reads
 * the first time again: one statement, and a second only when the first month changed (or on the first call).
 */
const knownFirstTimes = new WeakMap<Db, number | undefined>();

/** The statistics row of one period for a viewer at `timezoneOffsetHours`, as of `now`. */
export async function buildStatisticsRow(
  db: Db,
  period: StatisticsPeriod,
  timezoneOffsetHours: number,
  now: number = Date.now(),
): Promise<StatisticsRow> {
  const allTime = period === 'All Time';
  let firstDataTime = knownFirstTimes.get(db);
  for (let attempt = 1; ; attempt += 1) {
    const plan = planStatistics(period, timezoneOffsetHours, now, firstDataTime);
    // The buckets divide the current period exactly, so its totals are their sums: one range fewer to read.
    const { counts, firstTime } = await countStatistics(db, [plan.previous ?? { from: 0, to: 0 }, ...plan.buckets]);
    const [previous, ...buckets] = counts;
    const planned = !allTime || planStatistics(period, timezoneOffsetHours, now, firstTime).buckets[0]?.date === plan.buckets[0]?.date;
    if (allTime) knownFirstTimes.set(db, firstTime);
    // A second attempt is planned from what the first read; rows older still, written between the two, show next time.
    if (planned || attempt === 2) {
      return presentStatistics(
        period,
        plan.buckets.map((bucket) => bucket.date),
        sumCounts(buckets),
        plan.previous ? (previous ?? NO_COUNTS) : NO_COUNTS,
        buckets,
      );
    }
    firstDataTime = firstTime;
  }
}

const sumCounts = (counts: StatisticsCounts[]): StatisticsCounts =>
  counts.reduce(
    (total, count) => ({
      sessions: total.sessions + count.sessions,
      questions: total.questions + count.questions,
      upRatings: total.upRatings + count.upRatings,
      downRatings: total.downRatings + count.downRatings,
    }),
    NO_COUNTS,
  );

function presentStatistics(
  period: StatisticsPeriod,
  dates: string[],
  current: StatisticsCounts,
  previous: StatisticsCounts,
  bucketCounts: StatisticsCounts[],
): StatisticsRow {
  const sessions = dates.map((date, index) => ({ date, session_count: bucketCounts[index]?.sessions ?? 0 }));
  const feedback = dates.map((date, index) => ({
    date,
    up_count: bucketCounts[index]?.upRatings ?? 0,
    down_count: bucketCounts[index]?.downRatings ?? 0,
  }));
  const series = STATISTICS_SERIES[period];
  // All Time is planned by month: the chart draws the months, and the spec's years are their sums.
  const allTime = period === 'All Time';
  return {
    current_sessions: current.sessions,
    previous_sessions: previous.sessions,
    questions_answered_current: current.questions,
    questions_answered_previous: previous.questions,
    satisfactory_answers_current: current.upRatings,
    satisfactory_answers_previous: previous.upRatings,
    unsatisfactory_answers_current: current.downRatings,
    unsatisfactory_answers_previous: previous.downRatings,
    sessions_by_day: series === 'day' ? sessions : [],
    sessions_by_week: series === 'week' ? sessions : [],
    sessions_by_month: series === 'month' || allTime ? sessions : [],
    sessions_by_year: allTime ? sumSessionsByYear(sessions) : [],
    feedback_by_day: series === 'day' ? feedback : [],
    feedback_by_week: series === 'week' ? feedback : [],
    feedback_by_month: series === 'month' || allTime ? feedback : [],
    feedback_by_year: allTime ? sumFeedbackByYear(feedback) : [],
  };
}

/** Monthly buckets (YYYY-MM, oldest first) summed into their years (YYYY), a year without data kept as 0. */
function sumByYear<Bucket extends { date: string }>(months: Bucket[], add: (total: Bucket, month: Bucket) => Bucket): Bucket[] {
  const years: Bucket[] = [];
  for (const month of months) {
    const year = month.date.slice(0, 4);
    const last = years.at(-1);
    if (last?.date === year) years[years.length - 1] = add(last, month);
    else years.push({ ...month, date: year });
  }
  return years;
}

const sumSessionsByYear = (months: SessionsBucket[]) =>
  sumByYear(months, (total, month) => ({ ...total, session_count: total.session_count + month.session_count }));

const sumFeedbackByYear = (months: FeedbackBucket[]) =>
  sumByYear(months, (total, month) => ({ ...total, up_count: total.up_count + month.up_count, down_count: total.down_count + month.down_count }));
