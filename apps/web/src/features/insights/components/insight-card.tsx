import type { ReactNode } from 'react';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';

interface InsightCardProps {
  id: string;
  title: string;
  help: string;
  loading: boolean;
  /** Under the title, beside the help: a count or a summary. */
  summary?: ReactNode;
  /** Shown instead of the table when there is nothing to list. */
  empty?: ReactNode;
  /** The list (a DataList: on a phone each row is a card of labelled cells, so nothing scrolls sideways). */
  children: ReactNode;
}

/** One block of the Insights screen: a card with its heading and a line of help, then its list. */
export function InsightCard({ id, title, help, loading, summary, empty, children }: InsightCardProps) {
  let body: ReactNode = children;
  if (loading) body = <div className="card-body"><LoadingPlaceholder /></div>;
  else if (empty) body = <div className="card-body text-secondary">{empty}</div>;
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-header d-block">
        <h2 id={id} className="card-title mb-1">
          {title}
        </h2>
        <p className="text-secondary small mb-0">{help}</p>
        {summary ? <p className="small mb-0 mt-1">{summary}</p> : null}
      </div>
      {body}
    </section>
  );
}
