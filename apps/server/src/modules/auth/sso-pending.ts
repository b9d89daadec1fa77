import { hkdfSync } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sealerWithKeys, serverSealingKeys } from '../../lib/sealed-secrets.ts';
import type { PendingSsoSignIn } from './sso-client.ts';

/**
 * A single sign-on in progress, bound to the browser that started it: its state, nonce and PKCE verifier, sealed
 * (AES-256-GCM, with a key derived by HKDF from the server's sealing keys) in a short-lived httpOnly cookie scoped
 * to /api/sso. SameSite=Lax: the provider sends the browser back by a top-level navigation from its own site.
 * The callback spends it (the cookie is cleared whatever the outcome).
 */
const COOKIE = 'steward_sso';
const COOKIE_PATH = '/api/sso';
const PURPOSE = 'sso_sign_in';
export const PENDING_SSO_TTL_MS = 10 * 60 * 1000;

const sealerOf = async (db: Db, config: Pick<Config, 'secretsKey'>) =>
  sealerWithKeys((await serverSealingKeys(db, config.secretsKey)).map((root) => Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'steward sso sign-in v1', 32))));

export async function keepPendingSsoSignIn(db: Db, config: Pick<Config, 'secretsKey' | 'secureCookies'>, reply: FastifyReply, pending: PendingSsoSignIn): Promise<void> {
  const expiresAt = Date.now() + PENDING_SSO_TTL_MS;
  const sealed = (await sealerOf(db, config)).seal(JSON.stringify({ ...pending, expiresAt }), PURPOSE);
  reply.setCookie(COOKIE, sealed, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure: config.secureCookies, expires: new Date(expiresAt) });
}

/** The browser's pending sign-in, spent: undefined when there is none, it was altered, or its 10 minutes passed. */
export async function takePendingSsoSignIn(db: Db, config: Pick<Config, 'secretsKey'>, request: FastifyRequest, reply: FastifyReply): Promise<PendingSsoSignIn | undefined> {
  const sealed = request.cookies[COOKIE];
  reply.clearCookie(COOKIE, { path: COOKIE_PATH });
  if (!sealed) return undefined;
  try {
    const value: unknown = JSON.parse((await sealerOf(db, config)).open(sealed, PURPOSE));
    if (!isPending(value) || value.expiresAt < Date.now()) return undefined;
    return { state: value.state, nonce: value.nonce, codeVerifier: value.codeVerifier };
  } catch {
    return undefined;
  }
}

const isPending = (value: unknown): value is PendingSsoSignIn & { expiresAt: number } =>
  typeof value === 'object' &&
  value !== null &&
  'state' in value && typeof value.state === 'string' &&
  'nonce' in value && typeof value.nonce === 'string' &&
  'codeVerifier' in value && typeof value.codeVerifier === 'string' &&
  'expiresAt' in value && typeof value.expiresAt === 'number';
