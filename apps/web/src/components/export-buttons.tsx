import { useState } from 'react';
import { EXPORT_LIST_LABELS, type ExportFormat, type ExportList } from '@steward/contract/exports';
import { downloadExport } from '../lib/download-export.ts';
import { errorMessage } from './form/error-message.ts';
import { IconDownload } from './icons.tsx';

const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'Export CSV', jsonl: 'Export JSON lines' };

/**
 * "Export CSV" and "Export JSON lines" (issue 40): the list's current filters (`query`, "?rating=down&…" or '') as
 * a file. Buttons that fetch the export as the dashboard's own call (issue 52: a plain link to an export could be
 * followed from anywhere, a bot's answer included); "Exporting…" while the file comes, the server's message if it
 * refuses.
 */
export function ExportButtons({ list, query }: { list: ExportList; query: string }) {
  const [exporting, setExporting] = useState<ExportFormat | undefined>();
  const [error, setError] = useState<string | undefined>();
  const label = EXPORT_LIST_LABELS[list];
  const download = async (format: ExportFormat) => {
    setExporting(format);
    setError(undefined);
    try {
      await downloadExport(`/api/export/${list}${query}${query ? '&' : '?'}format=${format}`);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setExporting(undefined);
    }
  };
  return (
    <div className="btn-list" role="group" aria-label={`Export the ${label.toLowerCase()}`}>
      {(['csv', 'jsonl'] as const).map((format) => (
        <button key={format} type="button" className="btn btn-outline-secondary btn-sm" disabled={exporting !== undefined} onClick={() => void download(format)}>
          <IconDownload /> {exporting === format ? 'Exporting…' : FORMAT_LABELS[format]}
        </button>
      ))}
      {error ? (
        <div role="alert" className="text-danger small w-100">
          {error}
        </div>
      ) : null}
    </div>
  );
}
