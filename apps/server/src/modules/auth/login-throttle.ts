import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { loginThrottles } from '../../db/schema.ts';
import { type SqlRow, sqlRows } from '../../db/sql-rows.ts';
import { rateLimitAddress } from '../../lib/client-address.ts';
import { HttpError } from '../../lib/http-error.ts';
import { describeWait, forgiveRateLimitHit, hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';
import type { Device } from './device-cookies.ts';

/**
 * Sign-in throttling after OWASP's guidance on lockout: no account is locked for everyone. Attempts are
 * throttled per (account, address), or per signed device for a browser that has signed in to the account
 * before (device-cookies.ts), with delays that grow with each failure; an address is also limited across
 * accounts. The account-wide count of failures only raises an alert (login-alert.ts). Each attempt is claimed
 * in one statement before its password is checked, so attempts sent at once cannot all be checked.
 */
export const LOGIN_THROTTLE = {
  /** Failures a pair or device may make with no delay. */
  freeFailures: 5,
  /** The delay after the first failure past those, doubled after each further one… */
  firstDelaySeconds: 2,
  /** …up to this. */
  maxDelaySeconds: 15 * 60,
  /** A pair or device that has not tried for this long starts again from nothing. */
  forgetAfterHours: 24,
} as const;

/** Failed sign-ins one address may make in a window, whatever accounts it tries (without a device cookie). */
export const LOGIN_LIMIT_PER_ADDRESS: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };

/** The delay a pair or device must wait after its n-th failure (0 for the free ones), in SQL. */
const delayAfter = (failures: SQL): SQL => sql`make_interval(secs => least(${LOGIN_THROTTLE.maxDelaySeconds},
  CASE WHEN ${failures} <= ${LOGIN_THROTTLE.freeFailures} THEN 0
       ELSE ${LOGIN_THROTTLE.firstDelaySeconds} * power(2, ${failures} - ${LOGIN_THROTTLE.freeFailures} - 1) END))`;

type ClaimRow = Pick<SqlRow<typeof loginThrottles>, 'last_claim_allowed' | 'blocked_until'>;

/**
 * Claims one attempt of `key`: allowed when its delay has passed, and then counted as a failure at once (with
 * the delay that follows it), so a concurrent attempt waits for it. A refused claim counts nothing. The row's
 * lock (ON CONFLICT DO UPDATE) orders concurrent claims; the SET reads the row as it was before this claim.
 */
async function claim(db: Db, key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const stale = sql`login_throttles.updated_at <= now() - make_interval(hours => ${LOGIN_THROTTLE.forgetAfterHours})`;
  const open = sql`(login_throttles.blocked_until <= now() OR ${stale})`;
  const rows = await sqlRows<ClaimRow>(db, sql`
    INSERT INTO login_throttles (key, failures, blocked_until, last_claim_allowed, updated_at)
    VALUES (${key}, 1, now() + ${delayAfter(sql`1`)}, true, now())
    ON CONFLICT (key) DO UPDATE SET
      last_claim_allowed = ${open},
      failures = CASE WHEN ${stale} THEN 1 WHEN ${open} THEN login_throttles.failures + 1 ELSE login_throttles.failures END,
      blocked_until = CASE WHEN ${stale} THEN now() + ${delayAfter(sql`1`)}
                           WHEN ${open} THEN now() + ${delayAfter(sql`login_throttles.failures + 1`)}
                           ELSE login_throttles.blocked_until END,
      updated_at = CASE WHEN ${open} THEN now() ELSE login_throttles.updated_at END
    RETURNING last_claim_allowed, blocked_until`);
  const row = rows[0];
  if (!row || row.last_claim_allowed) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((new Date(row.blocked_until).getTime() - Date.now()) / 1000)) };
}

const tooMany = (seconds: number) =>
  new HttpError(429, `Too many failed login attempts. Please try again ${describeWait(seconds)}.`, 'none', { 'retry-after': String(seconds) });

/** What a claimed attempt is told once its password was checked. */
export interface LoginAttempt {
  /** The password was right: the attempt is forgiven. */
  succeeded(): Promise<void>;
}

/**
 * Claims a sign-in attempt for `email` from `ip` (or from a signed device of that account) before its password
 * is checked: a 429 saying when to retry when the pair, the device or the address must wait; otherwise the
 * attempt is counted as a failure until `succeeded()` forgives it.
 */
export async function claimLoginAttempt(db: Db, attempt: { email: string; ip: string; device: Device | undefined }): Promise<LoginAttempt> {
  if (attempt.device) {
    const key = `device:${attempt.device.userId}:${attempt.device.nonce}`;
    const result = await claim(db, key);
    if (!result.allowed) throw tooMany(result.retryAfterSeconds);
    return { succeeded: () => forget(db, key) };
  }
  const address = rateLimitAddress(attempt.ip);
  const addressKey = `login:ip:${address}`;
  const perAddress = await hitRateLimit(db, addressKey, LOGIN_LIMIT_PER_ADDRESS);
  if (!perAddress.allowed) throw tooMany(perAddress.retryAfterSeconds);
  const pairKey = `pair:${attempt.email}:${address}`;
  const result = await claim(db, pairKey);
  if (!result.allowed) {
    await forgiveRateLimitHit(db, addressKey);
    throw tooMany(result.retryAfterSeconds);
  }
  return {
    succeeded: async () => {
      await forget(db, pairKey);
      await forgiveRateLimitHit(db, addressKey);
    },
  };
}

const forget = async (db: Db, key: string): Promise<void> => {
  await db.execute(sql`DELETE FROM login_throttles WHERE key = ${key}`);
};

/**
 * Claims one try of a second-factor code (TOTP or recovery code) for the account, before the code is checked, with
 * the same free tries and growing delays as a password: six digits are guessed in 10^6 tries, so a code that was
 * wrong five times waits 2 s, then 4 s, … up to 15 minutes. Counted per account (whoever gets here knows its
 * password), and forgiven by a code that works.
 */
export async function claimSecondFactorAttempt(db: Db, userId: number): Promise<LoginAttempt> {
  const key = `second_factor:${userId}`;
  const result = await claim(db, key);
  if (!result.allowed) {
    throw new HttpError(429, `Too many failed codes. Please try again ${describeWait(result.retryAfterSeconds)}.`, 'code', { 'retry-after': String(result.retryAfterSeconds) });
  }
  return { succeeded: () => forget(db, key) };
}
