import http from 'node:http';
import { E2E_BASE_URL, E2E_WIDGET_HOST_PORT } from './e2e-constants.ts';

/**
 * The chat widget tests' host site: a page of another origin (127.0.0.1 on E2E_WIDGET_HOST_PORT) that
 * embeds the widget with one script tag, as a customer's site does. Its CSS is hostile on purpose:
 * `*` rules with !important and elements with the widget's own class names, so a test can see that
 * no style crosses the shadow boundary either way.
 */
export const HOST_PAGE_CSS = `
  * { font-family: "Comic Sans MS", cursive !important; color: rgb(255, 0, 0) !important; letter-spacing: 3px !important; }
  button, textarea, input { background: rgb(0, 255, 0) !important; border-radius: 0 !important; }
  div { border: 1px dashed rgb(0, 0, 255); }
  @media (prefers-color-scheme: dark) { body { background: rgb(10, 10, 10); } }
`;

export function hostPageHtml(scriptAttributes = ''): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Acme Kettles</title>
    <style>${HOST_PAGE_CSS}</style>
    <script src="${E2E_BASE_URL}/widget.js" defer ${scriptAttributes}></script>
  </head>
  <body>
    <main>
      <h1>Acme Kettles</h1>
      <p class="message">A host paragraph with the class "message".</p>
      <div class="launcher">A host element with the class "launcher".</div>
      <button type="button" id="host-button">Host button</button>
    </main>
  </body>
</html>`;
}

export interface WidgetHost {
  /** The host page's URL (`/`, or `/titled` with data-title and data-greeting on the script tag). */
  url(pathname?: string): string;
  close(): Promise<void>;
}

/** Starts the host site on its fixed port (the server allows that origin). */
export async function startWidgetHost(): Promise<WidgetHost> {
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const pages: Record<string, string> = {
      '/': hostPageHtml(),
      '/titled': hostPageHtml('data-title="Ask Acme" data-greeting="Hello from Acme!"'),
    };
    const page = pages[pathname];
    if (!page) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(E2E_WIDGET_HOST_PORT, '127.0.0.1', resolve);
  });
  return {
    url: (pathname = '/') => `http://127.0.0.1:${E2E_WIDGET_HOST_PORT}${pathname}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
