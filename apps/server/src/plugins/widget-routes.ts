import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import { readDemoPageFacts, renderDemoPage } from './demo-page.ts';
import type { WidgetBuild } from './widget-build.ts';

const NOT_BUILT = 'The chat widget is not built: run `npm run build`.';

/**
 * GET /widget.js: the chat widget, for any site's <script> tag. Scripts load across origins by nature,
 * so it carries CORS `*` and a cross-origin resource policy (helmet's default, same-origin, would stop
 * other sites from loading it). Its name never changes, so browsers keep it five minutes and then
 * revalidate with its ETag. GET /demo: a host page where staff try the bot (its CSS beside it), made for each request
 * from the saved look and the uploaded documents (demo-page.ts).
 */
export async function registerWidgetRoutes(app: FastifyInstance, widget: WidgetBuild | null, db: Db): Promise<void> {
  app.get('/widget.js', { config: { access: 'public' } }, async (request, reply) => {
    if (!widget) throw new HttpError(404, NOT_BUILT);
    reply
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=300, must-revalidate')
      .header('etag', widget.scriptEtag)
      .type('text/javascript; charset=utf-8');
    if (request.headers['if-none-match'] === widget.scriptEtag) return reply.code(304).send();
    return reply.send(widget.script);
  });

  app.get('/demo', { config: { access: 'public' } }, async (_request, reply) => {
    if (!widget) throw new HttpError(404, NOT_BUILT);
    const page = renderDemoPage(widget.demoHtml.toString('utf8'), await readDemoPageFacts(db));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });

  app.get('/demo/demo.css', { config: { access: 'public' } }, async (_request, reply) => {
    if (!widget) throw new HttpError(404, NOT_BUILT);
    return reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(widget.demoCss);
  });
}
