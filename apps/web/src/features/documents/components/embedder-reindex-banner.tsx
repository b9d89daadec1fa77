import { useId } from 'react';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { KNOWLEDGE_REINDEX_TEXTS as TEXTS } from '@steward/contract/knowledge-reindex';
import { useKnowledgeReindex } from '../api/get-knowledge-reindex.ts';

/**
 * The re-index after a change of embedder on the Answers card, while it runs: how many passages have the new
 * embedder's vectors, that the previous embedder answers meanwhile, and the embeddings API's failure while the job
 * waits to try again; the same for `npm run reindex`'s rebuild of the active embedder's vectors, in its words. Nothing otherwise (and nothing when the read fails). Not a live region: its count moves every
 * few seconds, which a screen reader would keep announcing.
 */
export function EmbedderReindexBanner() {
  const textId = useId();
  const reindex = useKnowledgeReindex().data;
  if (!reindex || reindex.state === 'idle') return null;
  const { done, total } = reindex;
  const percent = total > 0 ? Math.round((Math.min(done, total) / total) * 100) : 0;
  const failed = reindex.state === 'failed';
  return (
    <div className={`alert ${failed ? 'alert-warning' : 'alert-info'} mb-4`} data-testid="embedder-reindex">
      <p id={textId} className="mb-2">
        {reindex.rebuild ? (
          <>
            {TEXTS.rebuilding(done, total)}. {failed ? TEXTS.failedRebuild(reindex.error ?? '') : TEXTS.answeringRebuild}
          </>
        ) : (
          <>
            {TEXTS.running(done, total)}. {failed ? TEXTS.failed(reindex.error ?? '') : TEXTS.answering}
          </>
        )}
      </p>
      <ProgressBar>
        <ProgressBar now={percent} variant={failed ? 'warning' : undefined} aria-labelledby={textId} aria-valuetext={`${done} of ${total} passages`} />
      </ProgressBar>
    </div>
  );
}
