import Button from 'react-bootstrap/Button';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { DocumentTitle } from './document-title.tsx';
import { ChunkLoadError } from './lazy-screen.ts';

/** The router's error screen: unknown routes (404), a screen's script that failed to load, and anything a screen throws. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <main className="container py-5">
      <DocumentTitle title="Error" />
      <h1 className="h2">Unexpected Application Error!</h1>
      {detail ? <p className="text-body-secondary">{detail}</p> : null}
      <div className="d-flex flex-wrap align-items-center gap-3">
        {/* A new version replaces the old scripts: only a fresh page load gets the new ones. */}
        {error instanceof ChunkLoadError ? <Button onClick={() => window.location.reload()}>Reload</Button> : null}
        <Link to="/home">Go to the dashboard</Link>
      </div>
    </main>
  );
}
