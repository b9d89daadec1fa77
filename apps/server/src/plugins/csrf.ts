import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SCRIPTED_CALL_HEADER, SCRIPTED_CALL_MESSAGES } from '@steward/contract/scripted-calls';
import { HttpError } from '../lib/http-error.ts';
import { presentsKey } from './access.ts';
import { isCookielessCall } from './session.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes something or exports data (GET /api/logout, kept as the spec has it; the exports): answered
     * only to the dashboard's own scripted calls (refuseUnlessScripted), never to an image, a link or another site.
     */
    scriptedOnly?: boolean;
  }
}

/**
 * Refuses state-changing requests a browser sends on behalf of another site, and the GETs that act unless the
 * dashboard's own script sends them (an image or a link in a bot's answer, on this very site, must not sign staff
 * out or export as them).
 * Browsers always send Sec-Fetch-Site or Origin with such requests; clients that send
 * neither (curl, the chatbot's server) are not browsers and carry no ambient cookies to abuse.
 * The bot API and the public chat are exempt: no cookie is read for them (the bot's key, the chat's
 * signed session in the body), and the chat checks the page's origin itself (BOT_ALLOWED_ORIGINS).
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // A call with a key to a route that takes one (an export) is held to the key alone, never to a cookie (access.ts):
    // nothing ambient to abuse, and no image, link or other site can send an Authorization header.
    if (config?.keyScope && presentsKey(request)) return;
    const scriptedOnly = config?.scriptedOnly === true;
    if (scriptedOnly) refuseUnlessScripted(request);
    const stateChanging = !SAFE_METHODS.has(request.method) || scriptedOnly;
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

/**
 * A GET that acts (issue 52) must come from the dashboard's own script: with the header it sends (no image, link or
 * form can), and, where the browser says what the request is (fetch metadata), as fetch() from this very origin:
 * `Sec-Fetch-Dest: empty`, not an image, a document or a frame; not a navigation or a no-cors request.
 */
function refuseUnlessScripted(request: FastifyRequest): void {
  const headers = request.headers;
  const destination = headers['sec-fetch-dest'];
  const mode = headers['sec-fetch-mode'];
  const site = headers['sec-fetch-site'];
  const scripted =
    typeof headers[SCRIPTED_CALL_HEADER.name.toLowerCase()] === 'string' &&
    (destination === undefined || destination === 'empty') &&
    (mode === undefined || mode === 'cors' || mode === 'same-origin') &&
    (site === undefined || site === 'same-origin');
  if (!scripted) throw new HttpError(403, SCRIPTED_CALL_MESSAGES.refused);
}

function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
