import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signInLinkMail } from '../../mail/account-mails.ts';
import { enqueueMail } from '../../mail/mail-queue.ts';
import { limitRate } from './account-rate-limits.ts';
import { createAccountToken, SIGN_IN_LINK_TTL_MS } from './account-tokens.repository.ts';
import type { UserRecord } from './users.repository.ts';

/** Mails a one-time sign-in link `/?email=…&verificationCode=…` (login's second step under LOGIN_EMAIL_CHECK). */
export async function mailSignInLink(db: Db, config: Config, user: UserRecord): Promise<void> {
  await limitRate(db, 'signInMailPerEmail', user.email, 'none');
  await db.transaction(async (tx) => {
    const code = await createAccountToken(tx, { purpose: 'email_verification', email: user.email, userId: user.id, ttlMs: SIGN_IN_LINK_TTL_MS });
    const link = `${config.publicUrl}/?${new URLSearchParams({ email: user.email, verificationCode: code }).toString()}`;
    await enqueueMail(tx, signInLinkMail({ to: user.email, name: user.name, assistantName: config.assistantName, link }));
  });
}
