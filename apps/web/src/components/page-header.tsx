import type { ReactNode } from 'react';

interface PageHeaderProps {
  /** The screen's name, its one <h1> (the spec's heading texts where it gives one). */
  title: ReactNode;
  /** The id the screen's <section aria-labelledby> points at. */
  id: string;
  /** A small line above the title: the area the screen belongs to. */
  pretitle?: string;
  /** One sentence under the title: what the screen is for. */
  description?: ReactNode;
  /** Buttons and links on the right (under the title on a phone). */
  actions?: ReactNode;
}

/** Every screen's heading, in Tabler's page-header: pretitle, title, a line of description, actions. */
export function PageHeader({ title, id, pretitle, description, actions }: PageHeaderProps) {
  return (
    <div className="page-header mt-0 mb-3">
      <div className="row g-2 align-items-center">
        <div className="col">
          {pretitle ? <div className="page-pretitle">{pretitle}</div> : null}
          <h1 id={id} className="page-title">
            {title}
          </h1>
          {description ? <p className="text-secondary mb-0 mt-1">{description}</p> : null}
        </div>
        {actions ? <div className="col-12 col-md-auto ms-md-auto d-flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
