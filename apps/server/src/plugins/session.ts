import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '@steward/contract/auth';
import { looksLikeSecret } from '../lib/secrets.ts';
import { SESSION_COOKIE } from '../modules/auth/session-cookie.ts';

/** Who is signed in: what every route's access rule and handler is given. */
export type SessionUser = CurrentUser;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member, or null. Set before any route's access check. */
    viewer: SessionUser | null;
  }
}

/**
 * Calls that never act for a staff member: the bot API (its key) and the public chat (its signed
 * session in the body). The cookie is not even read there, so no handler can come to rely on it.
 */
export const isCookielessCall = (url: string): boolean => url.startsWith('/api/bot/') || url.startsWith('/api/chat/');

/** The signed-in user behind a session id, or undefined: app.ts hands in sessions.repository.ts's lookup. */
export type SessionLookup = (sessionId: string) => Promise<SessionUser | undefined>;

/** Loads the signed-in user from the session cookie on every /api request. */
export function registerSessions(app: FastifyInstance, findSessionUser: SessionLookup): void {
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || isCookielessCall(request.url)) return;
    const sessionId = request.cookies[SESSION_COOKIE];
    if (!sessionId || !looksLikeSecret(sessionId)) return;
    request.viewer = (await findSessionUser(sessionId)) ?? null;
  });
  // What a signed-in member of staff is answered (and a sign-in's answer, which sets the cookie) is theirs alone:
  // no browser cache, shared proxy or back button keeps it after they sign out.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.viewer || reply.hasHeader('set-cookie')) reply.header('cache-control', 'no-store');
  });
}
