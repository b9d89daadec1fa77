import { DocumentTitle } from './document-title.tsx';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The router's error screen: unknown routes (404) and anything a screen throws. */
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
      <Link to="/home">Go to the dashboard</Link>
    </main>
  );
}
