import { STATISTICS_SERIES, type StatisticsPeriod, type StatisticsRow } from '@steward/contract/statistics';
import type { Db } from '../../db/client.ts';
import { planStatistics } from './statistics-periods.ts';
import { countStatistics, firstStatisticsTime, type StatisticsCounts } from './statistics.repository.ts';

/** The statistics row of one period for a viewer at `timezoneOffsetHours`, as of `now`. */
export async function buildStatisticsRow(
  db: Db,
  period: StatisticsPeriod,
  timezoneOffsetHours: number,
  now: number = Date.now(),
): Promise<StatisticsRow> {
  const firstDataTime = period === 'All Time' ? await firstStatisticsTime(db) : undefined;
  const plan = planStatistics(period, timezoneOffsetHours, now, firstDataTime);
  // The buckets divide the current period exactly, so its totals are their sums: one range fewer to read.
  const [previous, ...buckets] = await countStatistics(db, [plan.previous ?? { from: 0, to: 0 }, ...plan.buckets]);
  return presentStatistics(
    period,
    plan.buckets.map((bucket) => bucket.date),
    sumCounts(buckets),
    plan.previous ? (previous ?? EMPTY) : EMPTY,
    buckets,
  );
}

const EMPTY: StatisticsCounts = { sessions: 0, questions: 0, upRatings: 0, downRatings: 0 };

const sumCounts = (counts: StatisticsCounts[]): StatisticsCounts =>
  counts.reduce(
    (total, count) => ({
      sessions: total.sessions + count.sessions,
      questions: total.questions + count.questions,
      upRatings: total.upRatings + count.upRatings,
      downRatings: total.downRatings + count.downRatings,
    }),
    EMPTY,
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
    sessions_by_month: series === 'month' ? sessions : [],
    sessions_by_year: series === 'year' ? sessions : [],
    feedback_by_day: series === 'day' ? feedback : [],
    feedback_by_week: series === 'week' ? feedback : [],
    feedback_by_month: series === 'month' ? feedback : [],
    feedback_by_year: series === 'year' ? feedback : [],
  };
}
