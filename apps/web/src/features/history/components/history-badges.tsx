import type { HistoryRow } from '@steward/contract/history';

/** What a reviewer looks for on a row (issue 40): the visitor's thumb (down in red), a coverage gap, a help request. */
export function HistoryBadges({ row }: { row: Pick<HistoryRow, 'rating' | 'coverage_gap' | 'help_request'> }) {
  return (
    <div className="d-flex flex-wrap gap-1">
      {row.rating === 'up' ? <span className="badge bg-success-subtle text-success-emphasis">Thumb up</span> : null}
      {row.rating === 'down' ? <span className="badge bg-danger-subtle text-danger-emphasis">Thumb down</span> : null}
      {row.coverage_gap ? <span className="badge bg-warning-subtle text-warning-emphasis">Coverage gap</span> : null}
      {row.help_request ? <span className="badge bg-info-subtle text-info-emphasis">Help request</span> : null}
    </div>
  );
}
