import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { clearRateLimit, describeWait, hitRateLimit, peekRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';

/** Failed sign-ins one address may make in a window, whatever accounts it tries. */
export const LOGIN_LIMIT_PER_ADDRESS: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };
/** Failed sign-ins against one account in a window, from anywhere. */
export const LOGIN_LIMIT_PER_ACCOUNT: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };

const addressKey = (ip: string) => `login:ip:${ip}`;
const accountKey = (email: string) => `login:account:${email}`;

/** A locked-out address or account gets a 429 saying when to retry, before any password is checked. */
export async function assertLoginAllowed(db: Db, ip: string, email: string): Promise<void> {
  const results = await Promise.all([
    peekRateLimit(db, addressKey(ip), LOGIN_LIMIT_PER_ADDRESS),
    peekRateLimit(db, accountKey(email), LOGIN_LIMIT_PER_ACCOUNT),
  ]);
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length === 0) return;
  const wait = Math.max(...blocked.map((result) => result.retryAfterSeconds));
  throw new HttpError(429, `Too many failed login attempts. Please try again ${describeWait(wait)}.`, 'none', {
    'retry-after': String(wait),
  });
}

export async function recordFailedLogin(db: Db, ip: string, email: string): Promise<void> {
  await hitRateLimit(db, addressKey(ip), LOGIN_LIMIT_PER_ADDRESS);
  await hitRateLimit(db, accountKey(email), LOGIN_LIMIT_PER_ACCOUNT);
}

/** A successful sign-in forgives the account's earlier failures (not the address's). */
export const forgetLoginAttempts = (db: Db, email: string): Promise<void> => clearRateLimit(db, accountKey(email));
