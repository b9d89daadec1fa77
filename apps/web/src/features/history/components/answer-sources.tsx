import type { AnswerSourceRow } from '@steward/contract/history';

const pages = (source: AnswerSourceRow): string | null => {
  if (source.page === null) return null;
  return source.page_end !== null && source.page_end !== source.page ? `pages ${source.page}–${source.page_end}` : `page ${source.page}`;
};

/** The passages (or the correction) an answer was built from, best first, each with its relevance. */
export function AnswerSources({ sources }: { sources: readonly AnswerSourceRow[] }) {
  if (sources.length === 0) return null;
  return (
    <details className="answer-sources mt-2">
      <summary className="small">Built from {sources.length === 1 ? '1 passage' : `${sources.length} passages`}</summary>
      <ol className="list-unstyled mb-0 mt-2">
        {sources.map((source, index) => (
          <li key={index} className="border-start border-2 ps-2 mb-2">
            <div className="small fw-semibold">
              {source.inform_the_bot_id !== null ? 'Correction: ' : null}
              {source.title}
              {[pages(source), source.heading].filter(Boolean).map((part) => ` · ${part}`)}
              <span className="badge bg-secondary-subtle text-secondary-emphasis ms-2">Relevance {Math.round(source.relevance * 100)}%</span>
            </div>
            <blockquote className="small text-body-secondary mb-0">{source.excerpt}</blockquote>
          </li>
        ))}
      </ol>
    </details>
  );
}
