import { INSIGHTS_TEXTS, type InsightPeriodDays } from '@steward/contract/insights';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useTimeToFix } from '../api/get-time-to-fix.ts';
import { formatHours } from '../format-hours.ts';
import { InsightCard } from './insight-card.tsx';

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
      <table className="table card-table table-vcenter" data-testid="time-to-fix">
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Rated down</th>
            <th scope="col" className="text-end">Time to fix</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {fixes.map((fix) => (
            <tr key={fix.correction_id}>
              <td className="text-wrap">{fix.question}</td>
              <td>{formatDateTime(fix.rated_at)}</td>
              <td className="text-end">{formatHours(fix.hours_to_fix)}</td>
              <td>{`${fix.up_before} of ${fix.ratings_before} up`}</td>
              <td>{`${fix.up_after} of ${fix.ratings_after} up`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </InsightCard>
  );
}
