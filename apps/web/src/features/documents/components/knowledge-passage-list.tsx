import { useId } from 'react';
import { KNOWLEDGE_MESSAGES, type KnowledgePassageRow } from '@steward/contract/documents';
import { ExternalLink } from '../../../components/external-link.tsx';
import { RelevanceMeter } from './relevance-meter.tsx';

/** "Page 4", or "Pages 4–5" for a passage that runs across a page break; null for text without pages. */
export function pagesText(page: number | null, pageEnd: number | null): string | null {
  if (page === null) return null;
  return pageEnd === null || pageEnd === page ? `Page ${page}` : `Pages ${page}–${pageEnd}`;
}

/**
 * The passages found for a question, best first: where each comes from (document, section, pages), how
 * relevant it is, the question's words it holds, and its text as plain text.
 */
export function KnowledgePassageList({ passages }: { passages: readonly KnowledgePassageRow[] }) {
  const legendId = useId();
  if (passages.length === 0) {
    return (
      <p className="mt-3 mb-0 text-body-secondary" role="status">
        {KNOWLEDGE_MESSAGES.noPassages}
      </p>
    );
  }
  return (
    <>
      <p id={legendId} className="mt-3 mb-2 small text-body-secondary">
        {KNOWLEDGE_MESSAGES.relevanceLegend}
      </p>
      <ol className="list-unstyled mb-0" aria-label="Passages found" aria-describedby={legendId}>
        {passages.map((passage, index) => (
          <PassageItem key={index} passage={passage} />
        ))}
      </ol>
    </>
  );
}

function PassageItem({ passage }: { passage: KnowledgePassageRow }) {
  const pages = pagesText(passage.page, passage.page_end);
  return (
    <li className="border rounded p-3 mb-2">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 small mb-1">
        <span className="fw-semibold breakable">
          <ExternalLink href={passage.source_url}>{passage.document_title}</ExternalLink>
        </span>
        <RelevanceMeter score={passage.score} />
      </div>
      {passage.heading || pages ? (
        <div className="d-flex flex-wrap column-gap-3 small text-body-secondary mb-1">
          {passage.heading ? <span className="breakable">Section: {passage.heading}</span> : null}
          {pages ? <span className="text-nowrap">{pages}</span> : null}
        </div>
      ) : null}
      {passage.matched_words.length > 0 ? (
        <p className="small text-body-secondary mb-1 breakable">Matched words: {passage.matched_words.join(', ')}</p>
      ) : null}
      <p className="mb-0 passage-text">{passage.text}</p>
    </li>
  );
}
