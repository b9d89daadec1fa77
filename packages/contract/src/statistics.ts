import { z } from 'zod';

/** The tab labels; each is also the period segment of GET /api/statistics/{period}/{timezoneOffsetHours}. */
export const STATISTICS_PERIODS = ['Past Week', 'Past Month', 'Past Year', 'All Time'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];
export const DEFAULT_STATISTICS_PERIOD: StatisticsPeriod = 'Past Week';

/** Past Week chart labels, Sunday first (index = day of the week). */
export const STATISTICS_DAY_LABELS = ['Sun', 'Mon', 'Tues', 'Wed', 'Thurs', 'Fri', 'Sat'] as const;

export const MAX_TIMEZONE_OFFSET_HOURS = 14;

export const STATISTICS_MESSAGES = {
  unknownPeriod: `The statistics period must be one of: ${STATISTICS_PERIODS.join(', ')}.`,
  offsetInvalid: `The time zone offset must be a number of hours between -${MAX_TIMEZONE_OFFSET_HOURS} and ${MAX_TIMEZONE_OFFSET_HOURS}.`,
} as const;

export const statisticsPeriodSchema = z.enum(STATISTICS_PERIODS, { error: STATISTICS_MESSAGES.unknownPeriod });

export const statisticsParams = z.object({
  period: statisticsPeriodSchema,
  timezoneOffsetHours: z.coerce
    .number({ error: STATISTICS_MESSAGES.offsetInvalid })
    .finite(STATISTICS_MESSAGES.offsetInvalid)
    .min(-MAX_TIMEZONE_OFFSET_HOURS, STATISTICS_MESSAGES.offsetInvalid)
    .max(MAX_TIMEZONE_OFFSET_HOURS, STATISTICS_MESSAGES.offsetInvalid),
});

/**
 * One chart bucket. `date` is the viewer's local date the bucket is labelled with:
 * YYYY-MM-DD for days and weeks (a week bucket ends on that day), YYYY-MM for months, YYYY for years.
 */
export const sessionsBucket = z.object({ date: z.string(), session_count: z.number().int() });
export type SessionsBucket = z.infer<typeof sessionsBucket>;

export const feedbackBucket = z.object({ date: z.string(), up_count: z.number().int(), down_count: z.number().int() });
export type FeedbackBucket = z.infer<typeof feedbackBucket>;

/** Buckets are oldest first and ending today; a bucket without data is there with 0. */
export const statisticsRow = z.object({
  current_sessions: z.number().int(),
  previous_sessions: z.number().int(),
  questions_answered_current: z.number().int(),
  questions_answered_previous: z.number().int(),
  satisfactory_answers_current: z.number().int(),
  satisfactory_answers_previous: z.number().int(),
  unsatisfactory_answers_current: z.number().int(),
  unsatisfactory_answers_previous: z.number().int(),
  sessions_by_day: z.array(sessionsBucket),
  sessions_by_week: z.array(sessionsBucket),
  sessions_by_month: z.array(sessionsBucket),
  sessions_by_year: z.array(sessionsBucket),
  feedback_by_day: z.array(feedbackBucket),
  feedback_by_week: z.array(feedbackBucket),
  feedback_by_month: z.array(feedbackBucket),
  feedback_by_year: z.array(feedbackBucket),
});
export type StatisticsRow = z.infer<typeof statisticsRow>;

/**
 * Which series a period fills (the others answer as empty lists). All Time also fills the months: its
 * chart draws them, so a year's ups and downs show; its years are the months summed.
 */
export const STATISTICS_SERIES: Record<StatisticsPeriod, 'day' | 'week' | 'month' | 'year'> = {
  'Past Week': 'day',
  'Past Month': 'week',
  'Past Year': 'month',
  'All Time': 'year',
};

/** The series each period's charts draw: All Time by month (labelled by year), the others as STATISTICS_SERIES. */
export const STATISTICS_CHART_SERIES: Record<StatisticsPeriod, 'day' | 'week' | 'month'> = {
  'Past Week': 'day',
  'Past Month': 'week',
  'Past Year': 'month',
  'All Time': 'month',
};

/** Satisfactory Trend: satisfactory ÷ unsatisfactory × 100, rounded; undefined ("N/A") when either is zero. */
export function satisfactoryTrendPercent(satisfactory: number, unsatisfactory: number): number | undefined {
  if (satisfactory === 0 || unsatisfactory === 0) return undefined;
  return Math.round((satisfactory / unsatisfactory) * 100);
}
