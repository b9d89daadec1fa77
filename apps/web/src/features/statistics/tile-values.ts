import { satisfactoryTrendPercent, type StatisticsPeriod, type StatisticsRow } from '@steward/contract/statistics';

export type TrendDirection = 'up' | 'down' | undefined;

export interface StatisticsTile {
  title: 'Sessions' | 'Questions Answered' | 'Satisfactory Answers' | 'Satisfactory Trend';
  value: string | undefined;
  trend: TrendDirection;
}

const direction = (current: number | undefined, previous: number | undefined): TrendDirection => {
  if (current === undefined || previous === undefined || current === previous) return undefined;
  return current > previous ? 'up' : 'down';
};

const trendText = (percent: number | undefined): string => (percent === undefined ? 'N/A' : `${percent}%`);

/**
 * The four tiles. Sessions always shows a number; the other three only when the statistics are there.
 * Arrows compare with the previous period of the same length, except on All Time.
 */
export function statisticsTiles(row: StatisticsRow | null | undefined, period: StatisticsPeriod): StatisticsTile[] {
  const arrows = period !== 'All Time' && Boolean(row);
  const trendCurrent = row ? satisfactoryTrendPercent(row.satisfactory_answers_current, row.unsatisfactory_answers_current) : undefined;
  const trendPrevious = row
    ? satisfactoryTrendPercent(row.satisfactory_answers_previous, row.unsatisfactory_answers_previous)
    : undefined;
  return [
    {
      title: 'Sessions',
      value: String(row?.current_sessions ?? 0),
      trend: arrows ? direction(row?.current_sessions, row?.previous_sessions) : undefined,
    },
    {
      title: 'Questions Answered',
      value: row ? String(row.questions_answered_current) : undefined,
      trend: arrows ? direction(row?.questions_answered_current, row?.questions_answered_previous) : undefined,
    },
    {
      title: 'Satisfactory Answers',
      value: row ? String(row.satisfactory_answers_current) : undefined,
      trend: arrows ? direction(row?.satisfactory_answers_current, row?.satisfactory_answers_previous) : undefined,
    },
    {
      title: 'Satisfactory Trend',
      value: row ? trendText(trendCurrent) : undefined,
      trend: arrows ? direction(trendCurrent, trendPrevious) : undefined,
    },
  ];
}
