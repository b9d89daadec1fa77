import { Link } from 'react-router';
import { INSIGHTS_TEXTS, type DocumentHealthRow, type InsightPeriodDays } from '@steward/contract/insights';
import { DataList } from '../../../components/data-list/data-list.tsx';
import type { ListColumn } from '../../../components/data-list/list-column.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useDocumentHealth, useSourceSyncHealth } from '../api/get-document-health.ts';
import { InsightCard } from './insight-card.tsx';

function NoDocuments() {
  return (
    <>
      {INSIGHTS_TEXTS.noDocuments} <Link to="/documents">{INSIGHTS_TEXTS.uploadDocument}</Link>
    </>
  );
}

const COLUMNS: ListColumn<DocumentHealthRow>[] = [
  { id: 'document', header: 'Document', className: 'breakable', cell: (row) => row.title },
  { id: 'cited', header: 'Cited', className: 'text-end', headerClassName: 'text-end', cell: (row) => row.citations },
  { id: 'up', header: 'Thumbs up', className: 'text-end', headerClassName: 'text-end', cell: (row) => row.up },
  { id: 'down', header: 'Thumbs down', className: 'text-end', headerClassName: 'text-end', cell: (row) => row.down },
  {
    id: 'last-cited',
    header: 'Last cited',
    className: 'text-nowrap',
    cell: (row) => (row.last_cited ? formatDateTime(row.last_cited) : <span className="badge bg-warning-subtle text-warning-emphasis">{INSIGHTS_TEXTS.neverCited}</span>),
  },
];

/**
 * Document health: per document, the period's answers citing it and their ratings; never-cited documents say so. A line
 * names the website sources whose last sync failed or is overdue, when there are any.
 */
export function DocumentHealthCard({ days }: { days: InsightPeriodDays }) {
  const { data: rows = [], isPending } = useDocumentHealth(days);
  const neverCited = rows.filter((row) => row.citations === 0).length;
  const { data: sync } = useSourceSyncHealth();
  const syncLine =
    sync && sync.failed + sync.overdue > 0 ? (
      <span className="d-block text-danger-emphasis">
        {INSIGHTS_TEXTS.sourceSyncHealth(sync)} <Link to="/documents">{INSIGHTS_TEXTS.seeWebsites}</Link>
      </span>
    ) : null;
  return (
    <InsightCard
      id="document-health-title"
      title={INSIGHTS_TEXTS.documentHealth}
      help={INSIGHTS_TEXTS.documentHealthHelp}
      loading={isPending}
      empty={rows.length === 0 ? <NoDocuments /> : null}
      summary={
        rows.length > 0 || syncLine ? (
          <>
            {rows.length > 0 ? `${neverCited} of ${rows.length} documents never cited in this period.` : null}
            {syncLine}
          </>
        ) : null
      }
    >
      <DataList label={INSIGHTS_TEXTS.documentHealth} columns={COLUMNS} rows={rows} rowKey={(row) => row.document_id} />
    </InsightCard>
  );
}
