import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error.ts';
import { isCookielessCall } from './session.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that changes state (GET /api/logout, kept as the spec has it): refused cross-site like a POST. */
    sameSiteOnly?: boolean;
  }
}

/**
 * Refuses state-changing requests a browser sends on behalf of another site (and GET /api/logout, so that
 * another site cannot sign staff out with a link or an image).
 * Browsers always send Sec-Fetch-Site or Origin with such requests; clients that send
 * neither (curl, the chatbot's server) are not browsers and carry no ambient cookies to abuse.
 * The bot API and the public chat are exempt: no cookie is read for them (the bot's key, the chat's
 * signed session in the body), and the chat checks the page's origin itself (BOT_ALLOWED_ORIGINS).
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    const stateChanging = !SAFE_METHODS.has(request.method) || request.routeOptions.config?.sameSiteOnly === true;
    if (!stateChanging || isCookielessCall(request.url)) return;
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
