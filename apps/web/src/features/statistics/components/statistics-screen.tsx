import type { ReactNode } from 'react';
import Nav from 'react-bootstrap/Nav';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_STATISTICS_PERIOD,
  STATISTICS_PERIODS,
  statisticsPeriodSchema,
  type StatisticsPeriod,
} from '@steward/contract/statistics';
import { useStatistics } from '../api/get-statistics.ts';
import { statisticsTiles } from '../tile-values.ts';
import { StatisticsCharts } from './statistics-charts.tsx';
import { StatisticsTiles } from './statistics-tiles.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/** The home screen: period tabs (kept in the URL as ?period=), four tiles and two charts; `checklist` above them. */
export function StatisticsScreen({ checklist }: { checklist?: ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = statisticsPeriodSchema.safeParse(searchParams.get('period'));
  const period: StatisticsPeriod = parsed.success ? parsed.data : DEFAULT_STATISTICS_PERIOD;
  // A failed load shows nothing (spec section 8); the server logs the cause.
  const { data: row, isPending } = useStatistics(period);

  const choose = (next: string | null) => {
    const chosen = statisticsPeriodSchema.safeParse(next);
    if (!chosen.success) return;
    setSearchParams(chosen.data === DEFAULT_STATISTICS_PERIOD ? {} : { period: chosen.data });
  };

  return (
    <section aria-labelledby="statistics-title">
      <PageHeader id="statistics-title" pretitle="Overview" title="Home" description="How visitors use the bot, and how satisfied they are with its answers." />
      {checklist}
      <Nav variant="tabs" activeKey={period} onSelect={choose} className="mb-3 statistics-tabs" role="tablist">
        {STATISTICS_PERIODS.map((label) => (
          <Nav.Item key={label} role="presentation">
            <Nav.Link eventKey={label} role="tab" aria-selected={label === period} as="button" type="button">
              {label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {isPending ? <LoadingPlaceholder /> : null}
      <StatisticsTiles tiles={statisticsTiles(row, period)} />
      {row && <StatisticsCharts row={row} period={period} />}
    </section>
  );
}
