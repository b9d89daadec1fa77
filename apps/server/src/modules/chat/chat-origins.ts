import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_TEXTS } from '@steward/contract/chat';
import { HttpError } from '../../lib/http-error.ts';

/** How long a browser may reuse a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/**
 * CORS for the public chat calls, run before each of them (preflights included): a browser call
 * from a page of an allowed origin (BOT_ALLOWED_ORIGINS and the dashboard's PUBLIC_URL, which config.ts adds to
 * them, with its other loopback names, and the allowed sites saved in Bot Settings, `savedOrigins`) is answered with that origin in
 * Access-Control-Allow-Origin. The Host header is not trusted: a page of an attacker's name that resolves to this
 * server (DNS rebinding) sends its own name as both Origin and Host. A page of any other origin is refused
 * outright, so a foreign page cannot even spend the visitor's rate limit. Calls without Origin are not from a
 * browser page and carry nothing to protect. No credentials are allowed: the calls never use cookies.
 */
export function chatOriginCheck(allowedOrigins: readonly string[], savedOrigins: () => Promise<readonly string[]> = async () => []) {
  const allowed = new Set(allowedOrigins);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.header('vary', 'Origin');
    // Helmet's default (same-origin) would stop an allowed page from reading the answer.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    // The sites saved in Bot Settings are read only for an origin the environment does not allow already.
    if (!allowed.has(origin) && !(await savedOrigins()).includes(origin)) throw new HttpError(403, CHAT_TEXTS.originNotAllowed);
    reply.header('access-control-allow-origin', origin);
  };
}

/** The names of this machine's loopback interface, as a browser writes them in an origin. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The dashboard's own origin under its other loopback names: a PUBLIC_URL of http://localhost:3000 opened as
 * http://127.0.0.1:3000 (or the other way round) is the same server, whose /demo page calls the chat ("This site may
 * not use the chat." before). A loopback name and this server's port serve no other page, so no rebinding page can
 * claim them. None for a PUBLIC_URL of any other host.
 */
export function loopbackAliasesOf(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_NAMES.includes(url.hostname)) return [];
  return LOOPBACK_NAMES.filter((name) => name !== url.hostname).map((name) => `${url.protocol}//${name}${url.port === '' ? '' : `:${url.port}`}`);
}

/** The answer to a preflight (OPTIONS) from an allowed origin: which methods and headers the calls take. */
export function answerPreflight(reply: FastifyReply): void {
  void reply
    .code(204)
    .header('access-control-allow-methods', 'GET, POST, OPTIONS')
    .header('access-control-allow-headers', 'Content-Type, Accept')
    .header('access-control-max-age', String(PREFLIGHT_MAX_AGE))
    .send();
}
