import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hitRateLimit, type RateLimitRule } from '../../lib/rate-limit.ts';
import { failedSignInsMail } from '../../mail/account-mails.ts';
import { enqueueMail } from '../../mail/mail-queue.ts';
import { anonymousActor, recordAudit } from '../audit-log/record-audit.ts';
import type { UserRecord } from './users.repository.ts';

/** Failed sign-ins against one account, from anywhere, that raise an alert (once per window); nothing is locked. */
export const LOGIN_ALERT_PER_ACCOUNT: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };

/**
 * Counts a failed sign-in against the account (known or not: the count is keyed by the email). The failure
 * that reaches the limit writes a `sign_in_alert` audit entry and mails the account's owner, once per window.
 */
export async function countFailedSignIn(db: Db, config: Pick<Config, 'publicUrl' | 'assistantName'>, request: FastifyRequest, email: string, user: UserRecord | undefined): Promise<void> {
  const result = await hitRateLimit(db, `login:account:${email}`, LOGIN_ALERT_PER_ACCOUNT);
  if (result.hits !== LOGIN_ALERT_PER_ACCOUNT.limit || !user) return;
  await db.transaction(async (tx) => {
    await recordAudit(tx, anonymousActor(request, email), {
      action: 'sign_in_alert',
      object: { type: 'user', id: user.id, label: user.name },
      details: { failures: result.hits, window_minutes: LOGIN_ALERT_PER_ACCOUNT.windowSeconds / 60 },
    });
    await enqueueMail(tx, failedSignInsMail({ to: user.email, name: user.name, assistantName: config.assistantName, link: config.publicUrl, failures: result.hits, minutes: LOGIN_ALERT_PER_ACCOUNT.windowSeconds / 60 }));
  });
}
