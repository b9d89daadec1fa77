import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sharedServerSecret } from '../../lib/server-secrets.ts';

/**
 * Device cookies (OWASP's "device cookies" against lockout attacks): a browser that has signed in to an
 * account carries a cookie for that account, `steward_device_<user id>`, whose value is a random nonce and an
 * HMAC of the user id and the nonce with a secret kept in the database. Sign-in attempts from that browser are
 * throttled per device, not per address, so a stranger's failures elsewhere cannot lock it out; a reset mail
 * asked from it has a quota of its own. HttpOnly, SameSite=Lax, sent only to the calls that read it.
 */
export const DEVICE_COOKIE_PREFIX = 'steward_device_';
const DEVICE_COOKIE_DAYS = 365;
const DEVICE_COOKIE_PATH = '/api';
const SECRET_NAME = 'device-cookie-hmac';

export interface Device {
  userId: number;
  /** The cookie's random part: the device's throttle key. */
  nonce: string;
}

const mac = (secret: string, userId: number, nonce: string) => createHmac('sha256', secret).update(`${userId}.${nonce}`).digest('base64url');

/** The signed device of `userId` this request carries, or undefined (none, malformed, or a signature that does not match). */
export async function deviceOf(db: Db, request: FastifyRequest, userId: number): Promise<Device | undefined> {
  const value = request.cookies[`${DEVICE_COOKIE_PREFIX}${userId}`];
  const match = value?.match(/^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/);
  if (!match?.[1] || !match[2]) return undefined;
  const expected = Buffer.from(mac(await sharedServerSecret(db, SECRET_NAME), userId, match[1]));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, nonce: match[1] } : undefined;
}

/** Gives this browser the device cookie of `userId` after a sign-in (a new nonce each time, so the cookie's age restarts). */
export async function setDeviceCookie(db: Db, reply: FastifyReply, userId: number, secure: boolean): Promise<void> {
  const nonce = randomBytes(16).toString('base64url');
  reply.setCookie(`${DEVICE_COOKIE_PREFIX}${userId}`, `${nonce}.${mac(await sharedServerSecret(db, SECRET_NAME), userId, nonce)}`, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}
