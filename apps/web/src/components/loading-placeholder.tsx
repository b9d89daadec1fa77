import Spinner from 'react-bootstrap/Spinner';

/** Shown while a screen's first request runs; screen readers hear "Loading…" once (role="status"). */
export function LoadingPlaceholder() {
  return (
    <div role="status" className="loading-placeholder d-flex align-items-center gap-2 text-body-secondary py-3">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
