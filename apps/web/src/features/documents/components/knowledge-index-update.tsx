import { useId } from 'react';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { useDocumentIndexing } from '../api/get-document-indexing.ts';

/**
 * The one-time re-indexing of every document after an upgrade, while it runs: how far it is, and that the
 * bot keeps answering from the previous index meanwhile. Nothing otherwise (and nothing when the read fails).
 * Not a live region: its count changes every few seconds, which a screen reader would keep announcing.
 */
export function KnowledgeIndexUpdate() {
  const textId = useId();
  const reindex = useDocumentIndexing().data?.reindex;
  if (!reindex) return null;
  const { done, total } = reindex;
  const percent = total > 0 ? Math.round((Math.min(done, total) / total) * 100) : 0;
  return (
    <div className="alert alert-info mb-4">
      <p id={textId} className="mb-2">
        Updating the knowledge index after an upgrade: {done} of {total} documents. The bot answers from the previous index meanwhile.
      </p>
      <ProgressBar>
        <ProgressBar now={percent} aria-labelledby={textId} aria-valuetext={`${done} of ${total} documents`} />
      </ProgressBar>
    </div>
  );
}
