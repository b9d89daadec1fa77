import {
  STATISTICS_DAY_LABELS,
  STATISTICS_SERIES,
  type FeedbackBucket,
  type SessionsBucket,
  type StatisticsPeriod,
  type StatisticsRow,
} from '@steward/contract/statistics';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A bucket's label from its local date: the weekday for Past Week (Sun … Sat), "Nov 21" for the
 * week ending that day, "Nov 2025" for a month, "2025" for a year.
 */
export function bucketLabel(period: StatisticsPeriod, date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  switch (STATISTICS_SERIES[period]) {
    case 'day':
      return STATISTICS_DAY_LABELS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? date;
    case 'week':
      return `${MONTHS[month - 1] ?? ''} ${day}`;
    case 'month':
      return `${MONTHS[month - 1] ?? ''} ${year}`;
    case 'year':
      return String(year);
  }
}

export function sessionsSeries(row: StatisticsRow, period: StatisticsPeriod): SessionsBucket[] {
  const series = STATISTICS_SERIES[period];
  return { day: row.sessions_by_day, week: row.sessions_by_week, month: row.sessions_by_month, year: row.sessions_by_year }[series];
}

export function feedbackSeries(row: StatisticsRow, period: StatisticsPeriod): FeedbackBucket[] {
  const series = STATISTICS_SERIES[period];
  return { day: row.feedback_by_day, week: row.feedback_by_week, month: row.feedback_by_month, year: row.feedback_by_year }[series];
}

export interface ChartPalette {
  text: string;
  grid: string;
  green: string;
  greenFill: string;
  blue: string;
}

/** Green for sessions and up ratings, blue for down ratings; Bootstrap's colours for each theme. */
export const CHART_PALETTES: Record<'light' | 'dark', ChartPalette> = {
  light: { text: '#212529', grid: 'rgba(0, 0, 0, 0.1)', green: '#198754', greenFill: 'rgba(25, 135, 84, 0.15)', blue: '#0d6efd' },
  dark: { text: '#dee2e6', grid: 'rgba(255, 255, 255, 0.15)', green: '#75b798', greenFill: 'rgba(117, 183, 152, 0.2)', blue: '#6ea8fe' },
};

export function sessionsChartData(row: StatisticsRow, period: StatisticsPeriod, palette: ChartPalette) {
  const buckets = sessionsSeries(row, period);
  return {
    labels: buckets.map((bucket) => bucketLabel(period, bucket.date)),
    datasets: [
      {
        label: 'Sessions',
        data: buckets.map((bucket) => bucket.session_count),
        borderColor: palette.green,
        backgroundColor: palette.greenFill,
        pointBackgroundColor: palette.green,
        fill: true,
        tension: 0.3,
      },
    ],
  };
}

export function feedbackChartData(row: StatisticsRow, period: StatisticsPeriod, palette: ChartPalette) {
  const buckets = feedbackSeries(row, period);
  return {
    labels: buckets.map((bucket) => bucketLabel(period, bucket.date)),
    datasets: [
      { label: 'Up Rating', data: buckets.map((bucket) => bucket.up_count), backgroundColor: palette.green },
      { label: 'Down Rating', data: buckets.map((bucket) => bucket.down_count), backgroundColor: palette.blue },
    ],
  };
}

/** Axes and legend in the theme's colours; the Y axis counts in steps of 1. */
export function chartOptions(palette: ChartPalette) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    plugins: { legend: { labels: { color: palette.text } } },
    scales: {
      x: { ticks: { color: palette.text }, grid: { color: palette.grid } },
      y: { beginAtZero: true, ticks: { stepSize: 1, precision: 0, color: palette.text }, grid: { color: palette.grid } },
    },
  };
}
