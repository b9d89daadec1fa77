import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketTitle, CHART_PALETTES, chartOptions, feedbackChartData, sessionsChartData } from './chart-data.ts';
import { statisticsRow } from './statistics-row.fixture.ts';

const emptyRow = statisticsRow();

const week = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];

describe('bucketLabel', () => {
  it('names the days of Past Week as the spec spells them, ending today', () => {
    expect(week.map((date) => bucketLabel('Past Week', date))).toEqual(['Sun', 'Mon', 'Tues', 'Wed', 'Thurs', 'Fri', 'Sat']);
  });

  it('labels weeks by the day they end, months with their year, and years', () => {
    expect(['2026-10-24', '2026-10-31', '2026-11-07'].map((date) => bucketLabel('Past Month', date))).toEqual([
      'Oct 24',
      'Oct 31',
      'Nov 7',
    ]);
    expect(bucketLabel('Past Year', '2025-11')).toBe('Nov 2025');
    expect(bucketLabel('Past Year', '2026-01')).toBe('Jan 2026');
  });

  it('labels All Time by year under its first month, and leaves the other months unlabelled', () => {
    const months = ['2024-11', '2024-12', '2025-01', '2025-02'];
    expect(months.map((date, index) => bucketLabel('All Time', date, months[index - 1]))).toEqual(['2024', '', '2025', '']);
  });

  it('names what a bucket covers the same way on every tab (the tooltip)', () => {
    expect(bucketTitle('Past Week', '2026-11-18')).toBe('Wed, Nov 18');
    expect(bucketTitle('Past Month', '2026-11-21')).toBe('Week ending Sat, Nov 21');
    expect(bucketTitle('Past Year', '2025-11')).toBe('Nov 2025');
    expect(bucketTitle('All Time', '2025-11')).toBe('Nov 2025');
  });
});

describe('chart data', () => {
  it('draws the sessions of the period as one green line, zeros included', () => {
    const row = { ...emptyRow, sessions_by_day: week.map((date, index) => ({ date, session_count: index === 3 ? 4 : 0 })) };
    const data = sessionsChartData(row, 'Past Week', CHART_PALETTES.light);
    expect(data.labels).toEqual(['Sun', 'Mon', 'Tues', 'Wed', 'Thurs', 'Fri', 'Sat']);
    expect(data.datasets).toHaveLength(1);
    // Not smoothed: straight segments between the days.
    expect(data.datasets[0]).toMatchObject({ label: 'Sessions', data: [0, 0, 0, 4, 0, 0, 0], borderColor: CHART_PALETTES.light.green, tension: 0 });
  });

  it('draws feedback as Up Rating (green) and Down Rating (blue) bars, All Time by month', () => {
    const row = {
      ...emptyRow,
      feedback_by_year: [{ date: '2025', up_count: 3, down_count: 3 }],
      feedback_by_month: [
        { date: '2025-12', up_count: 3, down_count: 1 },
        { date: '2026-01', up_count: 0, down_count: 2 },
      ],
    };
    const data = feedbackChartData(row, 'All Time', CHART_PALETTES.dark);
    expect(data.labels).toEqual(['2025', '2026']);
    expect(data.datasets).toEqual([
      { label: 'Up Rating', data: [3, 0], backgroundColor: CHART_PALETTES.dark.green },
      { label: 'Down Rating', data: [1, 2], backgroundColor: CHART_PALETTES.dark.blue },
    ]);
  });

  it('counts the Y axis in steps of 1 from 0 with room above the top, in the theme text colour', () => {
    const options = chartOptions(CHART_PALETTES.dark, 'Past Week', week);
    expect(options.scales.y.ticks.stepSize).toBe(1);
    expect(options.scales.y).toMatchObject({ beginAtZero: true, grace: '10%' });
    expect(options.plugins.tooltip.callbacks.title([{ dataIndex: 2 }])).toBe('Tues, Nov 17');
    expect(options.scales.y.ticks.color).toBe(CHART_PALETTES.dark.text);
    expect(CHART_PALETTES.light.text).not.toBe(CHART_PALETTES.dark.text);
  });
});
