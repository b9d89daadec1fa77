import { PERSONAL_DATA_TABLE_LABELS, type PersonalDataCountRow } from '@steward/contract/privacy';

/** How many rows of each store are (found) or were (erased) about the visitor. */
export function PersonalDataCounts({ rows, caption, testId }: { rows: readonly PersonalDataCountRow[]; caption: string; testId: string }) {
  return (
    // Focusable, so a phone's keyboard user can scroll it (axe: scrollable-region-focusable).
    <div className="table-responsive" role="region" aria-label={caption} tabIndex={0}>
      <table className="table card-table table-vcenter mb-0" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Stored data</th>
            <th scope="col" className="text-end">
              Rows
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.table}>
              <th scope="row" className="fw-normal">
                {PERSONAL_DATA_TABLE_LABELS[row.table]}
              </th>
              <td className="text-end tabular-nums">{row.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
