import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests a browser sends on behalf of another site.
 * Browsers always send Sec-Fetch-Site or Origin with such requests; clients that send
 * neither (curl, the chatbot's server) are not browsers and carry no ambient cookies to abuse.
 * The bot API is exempt: it authenticates with its own key, not a cookie.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.url.startsWith('/api/bot/')) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined) {
      if (fetchSite === 'same-origin' || fetchSite === 'none') return;
      throw new HttpError(403, 'Cross-site requests are not accepted.');
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const host = request.headers.host;
    if (origin === publicOrigin || (host !== undefined && sameHost(origin, host))) return;
    throw new HttpError(403, 'Cross-site requests are not accepted.');
  });
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
