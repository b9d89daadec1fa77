import { LoadingPlaceholder } from './loading-placeholder.tsx';

interface ListStatusProps {
  /** The list's first request is running. */
  loading: boolean;
  /** The list loaded and has no rows. */
  empty: boolean;
  /** One line, e.g. "No help requests yet." */
  emptyText: string;
}

/**
 * What a list shows besides its rows: "Loading…" while its request runs, one line when it has no rows.
 * A failed load is neither, so it shows nothing (spec section 8).
 */
export function ListStatus({ loading, empty, emptyText }: ListStatusProps) {
  if (loading) return <LoadingPlaceholder />;
  if (empty) return <p className="list-empty text-body-secondary py-2">{emptyText}</p>;
  return null;
}
