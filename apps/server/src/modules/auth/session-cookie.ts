import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie that holds a browser's session id (only its SHA-256 is stored: sessions.repository.ts). */
export const SESSION_COOKIE = 'steward_session';

export function setSessionCookie(
  reply: FastifyReply,
  sessionId: string,
  expiresAt: Date,
  secure: boolean,
): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export const sessionIdOf = (request: FastifyRequest): string | undefined => request.cookies[SESSION_COOKIE];
