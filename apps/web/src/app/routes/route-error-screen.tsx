import { IconHome } from '../../components/icons.tsx';
import Button from 'react-bootstrap/Button';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { DocumentTitle } from './document-title.tsx';
import { ChunkLoadError } from './lazy-screen.ts';

const WHAT_HAPPENED: Record<number, string> = {
  404: 'There is no page at this address: the link may be old, or the address mistyped.',
  405: 'This page cannot be opened this way.',
  400: 'The address asks for something this page does not understand.',
};

/**
 * The router's error screen (spec: "Unexpected Application Error!"): unknown routes (404), a screen's script
 * that failed to load, and anything a screen throws. Signed in, it shows inside the dashboard's layout
 * (`inLayout`: the top bar and sidebar stay, so the way on is in view); otherwise on a page of its own.
 */
export function RouteErrorScreen({ inLayout = false, notFound = false }: { inLayout?: boolean; notFound?: boolean }) {
  const error = useRouteError();
  // Signed out on an address that matches nothing (gates.tsx): the router's 404, outside its error boundary.
  const response = notFound ? { status: 404, statusText: 'Not Found' } : isRouteErrorResponse(error) ? error : undefined;
  const detail = response ? `${response.status} ${response.statusText}` : error instanceof Error ? error.message : undefined;
  const explanation = response ? WHAT_HAPPENED[response.status] : undefined;
  const Wrapper = inLayout ? 'section' : 'main';
  return (
    <Wrapper className={inLayout ? 'route-error' : 'container py-5'} aria-labelledby="route-error-title">
      <DocumentTitle title="Error" />
      <div className="empty">
        {response ? <div className="empty-header">{response.status}</div> : null}
        <h1 id="route-error-title" className="empty-title h2">
          Unexpected Application Error!
        </h1>
        {detail ? <p className="empty-subtitle text-secondary mb-1">{detail}</p> : null}
        {explanation ? <p className="empty-subtitle text-secondary">{explanation}</p> : null}
        <div className="empty-action d-flex flex-wrap justify-content-center align-items-center gap-3">
          {/* A new version replaces the old scripts: only a fresh page load gets the new ones. */}
          {error instanceof ChunkLoadError ? <Button onClick={() => window.location.reload()}>Reload</Button> : null}
          <Link to="/home" className="btn btn-primary d-inline-flex align-items-center gap-2">
            <IconHome size={18} />
            Go to the dashboard
          </Link>
        </div>
      </div>
    </Wrapper>
  );
}
