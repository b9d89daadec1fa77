import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deletedRows } from '../../db/deleted-rows.ts';
import { LOGIN_THROTTLE } from './login-throttle.ts';
import { SESSION_MAX_AGE_MS } from './sessions.repository.ts';
import { TRUSTED_BROWSER_DAYS } from './trusted-browsers.repository.ts';

/** Used or expired invitation, reset and sign-in keys are kept this long, so a second click still says "already used" or "expired". */
export const SPENT_TOKEN_DAYS = 30;

export interface AuthExpiryCounts {
  sessions: number;
  tokens: number;
  loginThrottles: number;
  trustedBrowsers: number;
}

/**
 * Deletes auth's rows that no longer do anything: sessions idle or past their absolute age, spent keys, sign-in
 * throttles idle long enough to start from nothing again (one still waiting out its delay is kept), and browsers
 * no longer trusted. Idempotent, so two instances running it at once do no harm (the hourly clean-up runs it).
 */
export async function purgeExpiredAuthRows(db: Db): Promise<AuthExpiryCounts> {
  return {
    sessions: await deletedRows(db, sql`
      DELETE FROM sessions
      WHERE expires_at <= now() OR created_at <= now() - make_interval(secs => ${SESSION_MAX_AGE_MS / 1000})`),
    tokens: await deletedRows(db, sql`
      DELETE FROM auth_tokens
      WHERE coalesce(used_at, expires_at) <= now() - make_interval(days => ${SPENT_TOKEN_DAYS})`),
    loginThrottles: await deletedRows(db, sql`
      DELETE FROM login_throttles
      WHERE updated_at <= now() - make_interval(hours => ${LOGIN_THROTTLE.forgetAfterHours}) AND blocked_until <= now()`),
    trustedBrowsers: await deletedRows(db, sql`
      DELETE FROM trusted_browsers WHERE verified_at <= now() - make_interval(days => ${TRUSTED_BROWSER_DAYS})`),
  };
}
