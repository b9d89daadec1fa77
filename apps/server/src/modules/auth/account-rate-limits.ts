import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { describeWait, forgiveRateLimitHit, hitRateLimit, type RateLimitResult, type RateLimitRule } from '../../lib/rate-limit.ts';

/** The rate limits of the account calls; docs/accounts.md lists them. */
export const ACCOUNT_RATE_LIMITS = {
  addUserPerUser: { limit: 30, windowSeconds: 60 * 60 },
  resetMailPerAddress: { limit: 10, windowSeconds: 15 * 60 },
  /** One address's requests for one email: a stranger uses up this quota, not the owner's. */
  resetMailPerEmailAndAddress: { limit: 3, windowSeconds: 60 * 60 },
  /**
   * All requests for one email without its device cookie: past this a warning is logged, nothing is refused (issue 52:
   * refusing let strangers spread over a few addresses use up the owner's mails, as the sign-in throttle never does).
   */
  resetMailPerEmail: { limit: 20, windowSeconds: 60 * 60 },
  /** A browser that has signed in to the account (device-cookies.ts) has a quota of its own, which no stranger reaches. */
  resetMailPerDevice: { limit: 5, windowSeconds: 60 * 60 },
  registerPerAddress: { limit: 20, windowSeconds: 15 * 60 },
  invitationLookupPerAddress: { limit: 120, windowSeconds: 15 * 60 },
  resetPerAddress: { limit: 20, windowSeconds: 15 * 60 },
  verifyPerAddress: { limit: 20, windowSeconds: 15 * 60 },
  changePasswordPerUser: { limit: 10, windowSeconds: 15 * 60 },
  signInMailPerEmail: { limit: 5, windowSeconds: 15 * 60 },
  /** Signing in with a passkey and no password: failures per address, as LOGIN_LIMIT_PER_ADDRESS counts passwords. */
  passkeySignInPerAddress: { limit: 30, windowSeconds: 15 * 60 },
  /** New challenges for a sign-in without a password, per address (each is a row until it expires). */
  passkeyOptionsPerAddress: { limit: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export type AccountRateLimit = keyof typeof ACCOUNT_RATE_LIMITS;

/**
 * Counts a hit; past the limit, answers 429 saying when to retry. Counted before the call is checked, so that
 * calls sent at once cannot all pass; a call that then succeeds, where only failures count (a valid key), takes
 * its hit back with forgiveRate.
 */
export async function limitRate(db: Db, name: AccountRateLimit, subject: string | number, field?: string): Promise<void> {
  const result = await hitRateLimit(db, `${name}:${subject}`, ACCOUNT_RATE_LIMITS[name]);
  if (result.allowed) return;
  throw new HttpError(429, `Too many attempts. Please try again ${describeWait(result.retryAfterSeconds)}.`, field, {
    'retry-after': String(result.retryAfterSeconds),
  });
}

/** Counts a hit without refusing anything: for a count that only warns. */
export const countRate = (db: Db, name: AccountRateLimit, subject: string | number): Promise<RateLimitResult> =>
  hitRateLimit(db, `${name}:${subject}`, ACCOUNT_RATE_LIMITS[name]);

/** Takes back the hit a successful call counted: registrations, resets and sign-in links count failed keys only. */
export const forgiveRate = (db: Db, name: AccountRateLimit, subject: string | number): Promise<void> => forgiveRateLimitHit(db, `${name}:${subject}`);
