import { KNOWLEDGE_MESSAGES, type KnowledgePassageRow } from '@steward/contract/documents';
import { ExternalLink } from '../../../components/external-link.tsx';

/** The passages found for a question, best first: where each comes from, its score, and its text as plain text. */
export function KnowledgePassageList({ passages }: { passages: readonly KnowledgePassageRow[] }) {
  if (passages.length === 0) {
    return (
      <p className="mt-3 mb-0 text-body-secondary" role="status">
        {KNOWLEDGE_MESSAGES.noPassages}
      </p>
    );
  }
  return (
    <ol className="list-unstyled mt-3 mb-0" aria-label="Passages found">
      {passages.map((passage, index) => (
        <li key={index} className="border rounded p-3 mb-2">
          <div className="d-flex flex-wrap justify-content-between gap-2 small mb-1">
            <span className="fw-semibold breakable">
              <ExternalLink href={passage.source_url}>{passage.document_title}</ExternalLink>
            </span>
            <span className="text-body-secondary">
              {passage.page === null ? '' : `Page ${passage.page} · `}Score {passage.score.toFixed(2)}
            </span>
          </div>
          <p className="mb-0 passage-text">{passage.text}</p>
        </li>
      ))}
    </ol>
  );
}
