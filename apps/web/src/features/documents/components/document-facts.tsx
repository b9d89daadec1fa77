import type { DocumentRow } from '@steward/contract/documents';
import { ExternalLink } from '../../../components/external-link.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';

/** Upload date, uploader, filename and source URL (a link only when it is http(s)). */
export function DocumentFacts({ document }: { document: DocumentRow }) {
  return (
    <dl className="document-facts small mb-2">
      <dt>Uploaded</dt>
      <dd>
        <time dateTime={document.upload_date}>{formatLongDate(document.upload_date)}</time>
      </dd>
      <dt>Uploaded by</dt>
      <dd>{document.uploaded_by}</dd>
      <dt>Filename</dt>
      <dd>{document.filename}</dd>
      <dt>Source URL</dt>
      <dd>
        <ExternalLink href={document.source_url} />
      </dd>
    </dl>
  );
}
