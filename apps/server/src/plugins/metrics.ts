import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../lib/metrics.ts';
import { HttpError } from '../lib/http-error.ts';
import { hashSecret, sameHash } from '../lib/secrets.ts';

/**
 * GET /metrics for Prometheus, only with METRICS_TOKEN set (else 404, as if it did not exist), and only for
 * `Authorization: Bearer <METRICS_TOKEN>`: metrics say how busy the install is. Every request is timed by its
 * route's pattern (`/api/history/:sessionId`), never its URL, so an id cannot make a series of its own.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    // A path no route serves (a scan, a typo) is one series, not one per path.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequestSeconds.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const tokenHash = token ? hashSecret(token) : undefined;
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!tokenHash) throw new HttpError(404, 'Metrics are off: set METRICS_TOKEN on the server to turn them on.');
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1] || !sameHash(hashSecret(match[1]), tokenHash)) {
      throw new HttpError(401, 'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>).', undefined, { 'www-authenticate': 'Bearer' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
