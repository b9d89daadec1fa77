import Card from 'react-bootstrap/Card';
import { Bar, Line } from 'react-chartjs-2';
import type { StatisticsPeriod, StatisticsRow } from '@steward/contract/statistics';
import { CHART_PALETTES, chartOptions, feedbackChartData, sessionsChartData } from '../chart-data.ts';
import './register-charts.ts';
import { useDocumentTheme } from './use-document-theme.ts';

interface StatisticsChartsProps {
  row: StatisticsRow;
  period: StatisticsPeriod;
}

/** Sessions (line) and Feedback (Up Rating / Down Rating bars), in the current theme's palette. */
export function StatisticsCharts({ row, period }: StatisticsChartsProps) {
  const palette = CHART_PALETTES[useDocumentTheme()];
  const options = chartOptions(palette);
  return (
    <div className="row g-3">
      <div className="col-12 col-xl-6">
        <Card>
          <Card.Header as="h2" className="h6 mb-0">
            Sessions
          </Card.Header>
          <Card.Body className="statistics-chart">
            <Line data={sessionsChartData(row, period, palette)} options={options} aria-label="Sessions chart" role="img" />
          </Card.Body>
        </Card>
      </div>
      <div className="col-12 col-xl-6">
        <Card>
          <Card.Header as="h2" className="h6 mb-0">
            Feedback
          </Card.Header>
          <Card.Body className="statistics-chart">
            <Bar data={feedbackChartData(row, period, palette)} options={options} aria-label="Feedback chart" role="img" />
          </Card.Body>
        </Card>
      </div>
    </div>
  );
}
