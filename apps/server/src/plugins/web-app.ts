import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundAnswer } from './errors.ts';

/**
 * Serves the built dashboard and answers every other browser path with index.html, so the React
 * router handles deep links. Unknown /api paths get a JSON 404. Without a build (`null`: API tests,
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
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- index.html of the dashboard build, a fixed path chosen at start-up
    return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexPath));
  });
}
