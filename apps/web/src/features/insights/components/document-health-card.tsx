import { Link } from 'react-router';
import { INSIGHTS_TEXTS, type InsightPeriodDays } from '@steward/contract/insights';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useDocumentHealth } from '../api/get-document-health.ts';
import { InsightCard } from './insight-card.tsx';

function NoDocuments() {
  return (
    <>
      {INSIGHTS_TEXTS.noDocuments} <Link to="/documents">{INSIGHTS_TEXTS.uploadDocument}</Link>
    </>
  );
}

/** Document health: per document, the period's answers citing it and their ratings; never-cited documents say so. */
export function DocumentHealthCard({ days }: { days: InsightPeriodDays }) {
  const { data: rows = [], isPending } = useDocumentHealth(days);
  const neverCited = rows.filter((row) => row.citations === 0).length;
  return (
    <InsightCard
      id="document-health-title"
      title={INSIGHTS_TEXTS.documentHealth}
      help={INSIGHTS_TEXTS.documentHealthHelp}
      loading={isPending}
      empty={rows.length === 0 ? <NoDocuments /> : null}
      summary={rows.length > 0 ? `${neverCited} of ${rows.length} documents never cited in this period.` : null}
    >
      <table className="table card-table table-vcenter" data-testid="document-health">
        <thead>
          <tr>
            <th scope="col">Document</th>
            <th scope="col" className="text-end">Cited</th>
            <th scope="col" className="text-end">Thumbs up</th>
            <th scope="col" className="text-end">Thumbs down</th>
            <th scope="col">Last cited</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.document_id}>
              <td className="text-wrap">{row.title}</td>
              <td className="text-end">{row.citations}</td>
              <td className="text-end">{row.up}</td>
              <td className="text-end">{row.down}</td>
              <td>{row.last_cited ? formatDateTime(row.last_cited) : <span className="badge bg-warning-subtle text-warning-emphasis">{INSIGHTS_TEXTS.neverCited}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </InsightCard>
  );
}
