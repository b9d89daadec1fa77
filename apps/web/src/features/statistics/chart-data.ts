import {
  STATISTICS_CHART_SERIES,
  STATISTICS_DAY_LABELS,
  type FeedbackBucket,
  type SessionsBucket,
  type StatisticsPeriod,
  type StatisticsRow,
} from '@steward/contract/statistics';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const partsOf = (date: string) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day, weekday: STATISTICS_DAY_LABELS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '' };
};
const monthDay = (date: string) => {
  const { month, day } = partsOf(date);
  return `${MONTHS[month - 1] ?? ''} ${day}`;
};
const monthYear = (date: string) => {
  const { year, month } = partsOf(date);
  return `${MONTHS[month - 1] ?? ''} ${year}`;
};

/**
 * A bucket's axis label from its local date: the weekday for Past Week (the spec's Sun … Sat), "Nov 21" for
 * the week ending that day, "Nov 2025" for a month of Past Year. All Time draws months labelled by year: the
 * year under its first month shown, the other months unlabelled.
 */
export function bucketLabel(period: StatisticsPeriod, date: string, previousDate?: string): string {
  switch (STATISTICS_CHART_SERIES[period]) {
    case 'day':
      return partsOf(date).weekday || date;
    case 'week':
      return monthDay(date);
    case 'month':
      if (period !== 'All Time') return monthYear(date);
      return previousDate?.slice(0, 4) === date.slice(0, 4) ? '' : date.slice(0, 4);
  }
}

/** What a bucket covers, said the same way on every tab (the tooltip's title): "Tues, Nov 18", "Week ending Fri, Nov 21", "Nov 2025". */
export function bucketTitle(period: StatisticsPeriod, date: string): string {
  switch (STATISTICS_CHART_SERIES[period]) {
    case 'day':
      return `${partsOf(date).weekday}, ${monthDay(date)}`;
    case 'week':
      return `Week ending ${partsOf(date).weekday}, ${monthDay(date)}`;
    case 'month':
      return monthYear(date);
  }
}

export function sessionsSeries(row: StatisticsRow, period: StatisticsPeriod): SessionsBucket[] {
  return { day: row.sessions_by_day, week: row.sessions_by_week, month: row.sessions_by_month }[STATISTICS_CHART_SERIES[period]];
}

export function feedbackSeries(row: StatisticsRow, period: StatisticsPeriod): FeedbackBucket[] {
  return { day: row.feedback_by_day, week: row.feedback_by_week, month: row.feedback_by_month }[STATISTICS_CHART_SERIES[period]];
}

const labelsOf = (period: StatisticsPeriod, buckets: readonly { date: string }[]) =>
  buckets.map((bucket, index) => bucketLabel(period, bucket.date, buckets[index - 1]?.date));

export interface ChartPalette {
  text: string;
  grid: string;
  green: string;
  greenFill: string;
  blue: string;
}

/** Green for sessions and up ratings, blue for down ratings: Tabler's colours for each theme (text at 4.5:1 or more). */
export const CHART_PALETTES: Record<'light' | 'dark', ChartPalette> = {
  light: { text: '#182433', grid: 'rgba(4, 32, 69, 0.1)', green: '#2fb344', greenFill: 'rgba(47, 179, 68, 0.12)', blue: '#066fd1' },
  dark: { text: '#dce1e7', grid: 'rgba(255, 255, 255, 0.12)', green: '#5cc46d', greenFill: 'rgba(92, 196, 109, 0.18)', blue: '#4e97e8' },
};

export function sessionsChartData(row: StatisticsRow, period: StatisticsPeriod, palette: ChartPalette) {
  const buckets = sessionsSeries(row, period);
  return {
    labels: labelsOf(period, buckets),
    datasets: [
      {
        label: 'Sessions',
        data: buckets.map((bucket) => bucket.session_count),
        borderColor: palette.green,
        backgroundColor: palette.greenFill,
        pointBackgroundColor: palette.green,
        fill: true,
        // Straight segments: a smoothed line invents values between the days it knows (and dips below zero).
        tension: 0,
      },
    ],
  };
}

export function feedbackChartData(row: StatisticsRow, period: StatisticsPeriod, palette: ChartPalette) {
  const buckets = feedbackSeries(row, period);
  return {
    labels: labelsOf(period, buckets),
    datasets: [
      { label: 'Up Rating', data: buckets.map((bucket) => bucket.up_count), backgroundColor: palette.green },
      { label: 'Down Rating', data: buckets.map((bucket) => bucket.down_count), backgroundColor: palette.blue },
    ],
  };
}

/**
 * Axes and legend in the theme's colours; the Y axis counts in steps of 1 from 0, with room above the
 * highest value so a line or bar at the top is never cut. Tooltips name the whole day, week or month.
 */
export function chartOptions(palette: ChartPalette, period: StatisticsPeriod, dates: readonly string[]) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index' as const, intersect: false },
    plugins: {
      legend: { labels: { color: palette.text } },
      tooltip: { callbacks: { title: (items: { dataIndex: number }[]) => bucketTitle(period, dates[items[0]?.dataIndex ?? 0] ?? '') } },
    },
    scales: {
      // All Time's unlabelled months take no room: every year label is kept.
      x: { ticks: { color: palette.text, autoSkip: period !== 'All Time', maxRotation: 0 }, grid: { color: palette.grid } },
      y: { beginAtZero: true, grace: '10%', ticks: { stepSize: 1, precision: 0, color: palette.text }, grid: { color: palette.grid } },
    },
  };
}
