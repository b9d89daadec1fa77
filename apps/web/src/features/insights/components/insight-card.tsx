import type { ReactNode } from 'react';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';

interface InsightCardProps {
  id: string;
  title: string;
  help: string;
  loading: boolean;
  /** Under the title, beside the help: a count or a summary. */
  summary?: ReactNode;
  children: ReactNode;
}

/** One block of the Insights screen: a card with its heading, a line of help, and its table or empty state. */
export function InsightCard({ id, title, help, loading, summary, children }: InsightCardProps) {
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-header d-block">
        <h2 id={id} className="card-title mb-1">
          {title}
        </h2>
        <p className="text-secondary small mb-0">{help}</p>
        {summary ? <p className="small mb-0 mt-1">{summary}</p> : null}
      </div>
      {loading ? <div className="card-body"><LoadingPlaceholder /></div> : children}
    </section>
  );
}

/** A card's table, scrolling sideways on a phone: focusable, so keyboard users can scroll it too (axe's scrollable-region-focusable). */
export function InsightTableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-responsive" role="region" aria-label={`${label}: table`} tabIndex={0}>
      {children}
    </div>
  );
}
