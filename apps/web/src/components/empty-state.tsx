import type { AppIcon } from './icons.tsx';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** An icon (components/icons.tsx) shown above the title (decoration). */
  icon?: AppIcon;
  /** What is empty, e.g. "No conversations yet." */
  title: string;
  /** Why it is empty and what fills it. */
  children?: ReactNode;
  /** The next step: a link or a button. */
  action?: ReactNode;
  /** Announced to screen readers when it appears (a search's "No results found."). */
  announce?: boolean;
}

/** Tabler's empty state: a list with no rows says why, and what fills it. */
export function EmptyState({ icon: Icon, title, children, action, announce = false }: EmptyStateProps) {
  return (
    <div className="empty list-empty" role={announce ? 'status' : undefined}>
      {Icon ? (
        <div className="empty-icon">
          <Icon size={48} stroke={1.5} />
        </div>
      ) : null}
      <p className="empty-title">{title}</p>
      {children ? <p className="empty-subtitle text-secondary mb-0">{children}</p> : null}
      {action ? <div className="empty-action">{action}</div> : null}
    </div>
  );
}
