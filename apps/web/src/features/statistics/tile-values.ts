import { satisfactoryTrendPercent, type StatisticsPeriod, type StatisticsRow } from '@steward/contract/statistics';

export type TrendDirection = 'up' | 'down' | undefined;

export type TileTitle = 'Sessions' | 'Questions Answered' | 'Satisfactory Answers' | 'Satisfactory Trend';

export interface StatisticsTile {
  title: TileTitle;
  value: string | undefined;
  trend: TrendDirection;
  /** The change and what it is compared with: "+3 vs the 7 days before (9)"; none on All Time or before the data. */
  comparison?: string;
}

/** What each tile counts, in one line under it (the spec's formulas, said plainly). */
export const TILE_EXPLANATIONS: Record<TileTitle, string> = {
  Sessions: 'Chat sessions visitors started in the period.',
  'Questions Answered': 'Questions visitors asked the bot.',
  'Satisfactory Answers': 'Answers rated thumbs up.',
  'Satisfactory Trend': 'Satisfactory Trend is thumbs up ÷ thumbs down × 100',
};

/** The period each one is compared with: the one of the same length right before. */
export const COMPARED_WITH: Record<Exclude<StatisticsPeriod, 'All Time'>, string> = {
  'Past Week': 'the 7 days before',
  'Past Month': 'the month before',
  'Past Year': 'the 13 months before',
};

const direction = (current: number | undefined, previous: number | undefined): TrendDirection => {
  if (current === undefined || previous === undefined || current === previous) return undefined;
  return current > previous ? 'up' : 'down';
};

const trendText = (percent: number | undefined): string => (percent === undefined ? 'N/A' : `${percent}%`);

const signed = (difference: number, unit = '') =>
  `${difference > 0 ? '+' : difference < 0 ? '−' : '±'}${Math.abs(difference).toLocaleString('en-US')}${unit}`;

/** "+3 vs the 7 days before (9)", "Same as the 7 days before", or for the trend "+20 points vs … (180%)". */
export function comparisonText(current: number | undefined, previous: number | undefined, period: StatisticsPeriod, percent = false): string | undefined {
  if (period === 'All Time') return undefined;
  const before = COMPARED_WITH[period];
  if (percent && (current === undefined || previous === undefined)) {
    return previous === undefined ? `No trend for ${before}` : `${before[0]?.toUpperCase()}${before.slice(1)}: ${previous}%`;
  }
  if (current === undefined || previous === undefined) return undefined;
  if (current === previous) return `Same as ${before}`;
  const shownPrevious = percent ? `${previous}%` : previous.toLocaleString('en-US');
  return `${signed(current - previous, percent ? ' points' : '')} vs ${before} (${shownPrevious})`;
}

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
  const compare = (current: number | undefined, previous: number | undefined) => (row ? comparisonText(current, previous, period) : undefined);
  return [
    {
      title: 'Sessions',
      value: String(row?.current_sessions ?? 0),
      trend: arrows ? direction(row?.current_sessions, row?.previous_sessions) : undefined,
      comparison: compare(row?.current_sessions, row?.previous_sessions),
    },
    {
      title: 'Questions Answered',
      value: row ? String(row.questions_answered_current) : undefined,
      trend: arrows ? direction(row?.questions_answered_current, row?.questions_answered_previous) : undefined,
      comparison: compare(row?.questions_answered_current, row?.questions_answered_previous),
    },
    {
      title: 'Satisfactory Answers',
      value: row ? String(row.satisfactory_answers_current) : undefined,
      trend: arrows ? direction(row?.satisfactory_answers_current, row?.satisfactory_answers_previous) : undefined,
      comparison: compare(row?.satisfactory_answers_current, row?.satisfactory_answers_previous),
    },
    {
      title: 'Satisfactory Trend',
      value: row ? trendText(trendCurrent) : undefined,
      trend: arrows ? direction(trendCurrent, trendPrevious) : undefined,
      comparison: row ? comparisonText(trendCurrent, trendPrevious, period, true) : undefined,
    },
  ];
}
