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
  const ranges = [plan.current, ...(plan.previous ? [plan.previous] : []), ...plan.buckets];
  const counts = await countStatistics(db, ranges);
  return presentStatistics(period, plan.buckets.map((bucket) => bucket.date), counts, Boolean(plan.previous));
}

const EMPTY: StatisticsCounts = { sessions: 0, questions: 0, upRatings: 0, downRatings: 0 };

function presentStatistics(
  period: StatisticsPeriod,
  dates: string[],
  counts: StatisticsCounts[],
  hasPrevious: boolean,
): StatisticsRow {
  const current = counts[0] ?? EMPTY;
  const previous = hasPrevious ? (counts[1] ?? EMPTY) : EMPTY;
  const bucketCounts = counts.slice(hasPrevious ? 2 : 1);
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
