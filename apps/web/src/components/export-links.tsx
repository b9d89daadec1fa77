import { EXPORT_LIST_LABELS, type ExportList } from '@steward/contract/exports';
import { IconDownload } from './icons.tsx';

/**
 * "Export CSV" and "Export JSON lines" (issue 40): plain download links to GET /api/export/{list}, carrying the
 * list's current filters (`query`, "?rating=down&…" or ''), so the file holds what the list shows.
 */
export function ExportLinks({ list, query }: { list: ExportList; query: string }) {
  const href = (format: 'csv' | 'jsonl') => `/api/export/${list}${query}${query ? '&' : '?'}format=${format}`;
  const label = EXPORT_LIST_LABELS[list];
  return (
    <div className="btn-list" role="group" aria-label={`Export the ${label.toLowerCase()}`}>
      <a className="btn btn-outline-secondary btn-sm" href={href('csv')} download>
        <IconDownload /> Export CSV
      </a>
      <a className="btn btn-outline-secondary btn-sm" href={href('jsonl')} download>
        <IconDownload /> Export JSON lines
      </a>
    </div>
  );
}
