import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { describeWait, hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';

/**
 * Replies one staff member may send in a window (issue 52): each is a mail to a visitor from the team's address, so
 * a stolen session or a runaway script must not turn the dashboard into a mailer. A support agent answers far fewer.
 */
export const REPLY_RATE_LIMIT: RateLimitRule = { limit: 30, windowSeconds: 15 * 60 };

/** Counts a reply by `staffId` before it is written; past the limit, a 429 saying when to retry. */
export async function limitReplies(db: Db, staffId: number): Promise<void> {
  const result = await hitRateLimit(db, `help-request-reply:${staffId}`, REPLY_RATE_LIMIT);
  if (result.allowed) return;
  throw new HttpError(429, `You have sent many replies in a short time. Please try again ${describeWait(result.retryAfterSeconds)}.`, undefined, {
    'retry-after': String(result.retryAfterSeconds),
  });
}
