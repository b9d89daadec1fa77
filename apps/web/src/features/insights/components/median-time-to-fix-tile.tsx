import { Link } from 'react-router';
import { DEFAULT_INSIGHT_PERIOD_DAYS, INSIGHTS_TEXTS } from '@steward/contract/insights';
import { useTimeToFix } from '../api/get-time-to-fix.ts';
import { formatHours } from '../format-hours.ts';

/** Home's small block: the median time from a thumbs-down to its approved correction, over the default period. */
export function MedianTimeToFixTile() {
  const { data: report } = useTimeToFix(DEFAULT_INSIGHT_PERIOD_DAYS);
  const median = report?.median_hours ?? null;
  return (
    <div className="card card-sm mb-3">
      <div className="card-body d-flex flex-wrap align-items-center gap-3">
        <div>
          <h2 className="subheader mb-1">{INSIGHTS_TEXTS.medianTimeToFix}</h2>
          <p className="h2 mb-0" data-testid="median-time-to-fix">
            {median === null ? '—' : formatHours(median)}
          </p>
        </div>
        <p className="small text-secondary mb-0 flex-fill">
          {median === null ? INSIGHTS_TEXTS.noFixes : `From a thumbs-down to its approved correction, last ${DEFAULT_INSIGHT_PERIOD_DAYS} days.`}
        </p>
        <Link to="/insights">See all insights</Link>
      </div>
    </div>
  );
}
