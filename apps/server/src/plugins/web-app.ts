import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isDashboardPath } from '@steward/contract/dashboard-routes';
import { notFoundAnswer } from './errors.ts';

/**
 * Serves the built dashboard and answers every other browser path with index.html, so the React
 * router handles deep links: 200 for the dashboard's routes (the contract's DASHBOARD_ROUTE_PATTERNS, the
 * router's own table), 404 for any other path. Unknown /api paths get a JSON 404. Without a build (`null`: API tests,
 * `npm run dev`), only the API is served.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string | null): Promise<void> {
  if (webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        // Vite names assets by content hash, so they never change under the same name.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  const indexPath = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (isApi || !indexPath) return reply.code(404).send(notFoundAnswer(request.method, request.url));
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).send(notFoundAnswer(request.method, request.url));
    }
    // A dashboard route is the dashboard (200); any other path is still answered with it, so a person sees the
    // router's error screen, but with a true 404 for them and for scanners.
    const status = isDashboardPath(request.url.split('?')[0] ?? request.url) ? 200 : 404;
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- index.html of the dashboard build, a fixed path chosen at start-up
    return reply.code(status).header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexPath));
  });
}
