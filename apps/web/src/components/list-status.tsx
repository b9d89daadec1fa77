import type { ComponentProps, ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';
import { LoadingPlaceholder } from './loading-placeholder.tsx';

export interface ListStatusProps {
  /** The list's first request is running. */
  loading: boolean;
  /** The list loaded and has no rows. */
  empty: boolean;
  /** One line, e.g. "No help requests yet." */
  emptyText: string;
  /** Why the list is empty and what fills it. */
  emptyHint?: ReactNode;
  /** The next step (a link or button), under the hint. */
  emptyAction?: ReactNode;
  emptyIcon?: ComponentProps<typeof EmptyState>['icon'];
  /** The empty state is announced to screen readers when it appears (a search's "No results found."). */
  emptyAnnounce?: boolean;
  /** The empty state in a card of its own: for a list of cards, which has no list card around it. */
  boxed?: boolean;
}

/**
 * What a list shows besides its rows: "Loading…" while its request runs, an empty state (what is empty,
 * why, and what fills it) when it has no rows. A failed load is neither, so it shows nothing (spec section 8).
 */
export function ListStatus({ loading, empty, emptyText, emptyHint, emptyAction, emptyIcon, emptyAnnounce = false, boxed = false }: ListStatusProps) {
  if (loading) return <LoadingPlaceholder />;
  if (!empty) return null;
  const state = (
    <EmptyState icon={emptyIcon} title={emptyText} action={emptyAction} announce={emptyAnnounce}>
      {emptyHint}
    </EmptyState>
  );
  return boxed ? <div className="card">{state}</div> : state;
}
