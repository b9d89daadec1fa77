import Card from 'react-bootstrap/Card';
import { Bar, Line } from 'react-chartjs-2';
import type { StatisticsPeriod, StatisticsRow } from '@steward/contract/statistics';
import { CHART_PALETTES, chartOptions, feedbackChartData, feedbackSeries, sessionsChartData, sessionsSeries } from '../chart-data.ts';
import './register-charts.ts';
import { useDocumentTheme } from './use-document-theme.ts';

const per = { 'Past Week': 'per day', 'Past Month': 'per week (each ending on its date)', 'Past Year': 'per month', 'All Time': 'per month' } as const;
const CHART_CAPTIONS = Object.fromEntries(
  (Object.keys(per) as StatisticsPeriod[]).map((period) => [
    period,
    { sessions: `Chat sessions started, ${per[period]}.`, feedback: `Thumbs up and thumbs down given, ${per[period]}.` },
  ]),
) as Record<StatisticsPeriod, { sessions: string; feedback: string }>;

interface StatisticsChartsProps {
  row: StatisticsRow;
  period: StatisticsPeriod;
}

/** Sessions (line) and Feedback (Up Rating / Down Rating bars), in the current theme's palette. */
export function StatisticsCharts({ row, period }: StatisticsChartsProps) {
  const palette = CHART_PALETTES[useDocumentTheme()];
  const sessionsOptions = chartOptions(palette, period, sessionsSeries(row, period).map((bucket) => bucket.date));
  const feedbackOptions = chartOptions(palette, period, feedbackSeries(row, period).map((bucket) => bucket.date));
  return (
    <div className="row g-3">
      <div className="col-12 col-xl-6">
        <Card>
          <Card.Header className="d-block">
            <h2 className="card-title mb-0">Sessions</h2>
            <p className="card-subtitle text-secondary mb-0 mt-1">{CHART_CAPTIONS[period].sessions}</p>
          </Card.Header>
          <Card.Body className="statistics-chart">
            <Line data={sessionsChartData(row, period, palette)} options={sessionsOptions} aria-label="Sessions chart" role="img" />
          </Card.Body>
        </Card>
      </div>
      <div className="col-12 col-xl-6">
        <Card>
          <Card.Header className="d-block">
            <h2 className="card-title mb-0">Feedback</h2>
            <p className="card-subtitle text-secondary mb-0 mt-1">{CHART_CAPTIONS[period].feedback}</p>
          </Card.Header>
          <Card.Body className="statistics-chart">
            <Bar data={feedbackChartData(row, period, palette)} options={feedbackOptions} aria-label="Feedback chart" role="img" />
          </Card.Body>
        </Card>
      </div>
    </div>
  );
}
