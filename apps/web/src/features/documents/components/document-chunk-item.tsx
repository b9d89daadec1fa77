import Button from 'react-bootstrap/Button';
import { CHUNK_MESSAGES, type DocumentChunkRow } from '@steward/contract/document-chunks';
import { formatDateTime } from '../../../lib/format-date.ts';
import { pagesText } from './knowledge-passage-list.tsx';

export interface DocumentChunkItemProps {
  chunk: DocumentChunkRow;
  /** The site page's address or the document's source, shown with each passage as the bot cites it. */
  url: string | null;
  /** Shown only to whoever may exclude passages (canExcludeChunks). */
  onToggle?: (() => void) | undefined;
  busy?: boolean;
}

/** One passage as the bot reads it: its place, section, page or address, and text; greyed when it is excluded. */
export function DocumentChunkItem({ chunk, url, onToggle, busy = false }: DocumentChunkItemProps) {
  const pages = pagesText(chunk.page, chunk.page_end);
  const labelId = `chunk-${chunk.id}-label`;
  return (
    <li className={`document-chunk border rounded p-3 mb-2${chunk.excluded ? ' document-chunk-excluded' : ''}`} aria-labelledby={labelId} data-chunk-id={chunk.id}>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 small mb-1">
        <span id={labelId} className="fw-semibold">
          Passage {chunk.chunk_index + 1}
          {chunk.excluded ? <span className="badge rounded-pill bg-secondary-subtle text-secondary-emphasis ms-2">{CHUNK_MESSAGES.excluded}</span> : null}
        </span>
        {onToggle ? (
          <Button size="sm" variant={chunk.excluded ? 'outline-primary' : 'outline-secondary'} disabled={busy} onClick={onToggle} aria-describedby={labelId}>
            {chunk.excluded ? 'Include in answers' : 'Exclude from answers'}
          </Button>
        ) : null}
      </div>
      {chunk.heading || pages || url ? (
        <div className="d-flex flex-wrap column-gap-3 small text-body-secondary mb-1">
          {chunk.heading ? <span className="breakable">Section: {chunk.heading}</span> : null}
          {pages ? <span className="text-nowrap">{pages}</span> : null}
          {url && !pages ? <span className="breakable">{url}</span> : null}
        </div>
      ) : null}
      {chunk.excluded && chunk.excluded_at ? (
        <p className="small text-body-secondary mb-1 breakable">
          Excluded by {chunk.excluded_by ?? 'a former staff member'} on {formatDateTime(chunk.excluded_at)}. {CHUNK_MESSAGES.excludedNote}
        </p>
      ) : null}
      <p className="mb-0 passage-text">{chunk.text}</p>
    </li>
  );
}
