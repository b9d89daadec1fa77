import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundAnswer } from './errors.ts';

/** apps/web/dist, found from both src/ (tests, tsx) and dist/ (the built server): both sit one level below apps/server. */
export const defaultWebDistDir = (): string =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'web', 'dist');

/**
 * Serves the built dashboard and answers every other browser path with index.html,
 * so the React router handles deep links. Unknown /api paths get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexPath = path.join(webDistDir, 'index.html');
  const built = fs.existsSync(indexPath);
  if (built) {
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
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.code(404).send(notFoundAnswer(request.method, request.url));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).send(notFoundAnswer(request.method, request.url));
    }
    if (!built) {
      return reply
        .code(404)
        .type('text/plain')
        .send('The dashboard is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexPath));
  });
}
