import { INSIGHTS_TEXTS, type InsightPeriodDays, type TimeToFixRow } from '@steward/contract/insights';
import { DataList } from '../../../components/data-list/data-list.tsx';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useTimeToFix } from '../api/get-time-to-fix.ts';
import { formatHours } from '../format-hours.ts';
import { InsightCard } from './insight-card.tsx';

const COLUMNS: ListColumn<TimeToFixRow>[] = [
  { id: 'question', header: 'Question', className: 'breakable', cell: (fix) => fix.question },
  { id: 'rated-down', header: 'Rated down', className: 'text-nowrap', cell: (fix) => formatDateTime(fix.rated_at) },
  { id: 'time-to-fix', header: 'Time to fix', className: 'text-end', headerClassName: 'text-end', cell: (fix) => formatHours(fix.hours_to_fix) },
  { id: 'before', header: 'Before', cell: (fix) => `${fix.up_before} of ${fix.ratings_before} up` },
  { id: 'after', header: 'After', cell: (fix) => `${fix.up_after} of ${fix.ratings_after} up` },
];

/** Time to fix: each corrected thumbs-down, the hours to its approval, and the ratings before and after. */
export function TimeToFixCard({ days }: { days: InsightPeriodDays }) {
  const { data: report, isPending } = useTimeToFix(days);
  const fixes = report?.fixes ?? [];
  const summary = report && report.median_hours !== null
    ? `${INSIGHTS_TEXTS.medianTimeToFix}: ${formatHours(report.median_hours)}. Before: ${INSIGHTS_TEXTS.upShare(report.up_share_before)}; after: ${INSIGHTS_TEXTS.upShare(report.up_share_after)}.`
    : null;
  return (
    <InsightCard
      id="time-to-fix-title"
      title={INSIGHTS_TEXTS.timeToFix}
      help={INSIGHTS_TEXTS.timeToFixHelp}
      loading={isPending}
      summary={summary}
      empty={fixes.length === 0 ? INSIGHTS_TEXTS.noFixes : null}
    >
      <DataList label={INSIGHTS_TEXTS.timeToFix} columns={COLUMNS} rows={fixes} rowKey={(fix) => fix.correction_id} />
    </InsightCard>
  );
}
