import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import { passwordResetMail } from '../../mail/account-mails.ts';
import { enqueueMail } from '../../mail/mail-queue.ts';
import { findUserByEmail } from './users.repository.ts';
import { passwordAllowed } from './sso-only.ts';
import { createAccountToken, PASSWORD_RESET_TTL_MS } from './account-tokens.repository.ts';

/**
 * Background queue of forgot-password requests: { email }. The request answers at once
 * whether or not the address has an account; the lookup and the mail happen here.
 */
export const PASSWORD_RESET_QUEUE = 'password-reset-request';

/** Mails a reset link when the address has an account that may use a password; does nothing otherwise. */
export const passwordResetRequestHandler =
  ({ db, config }: { db: Db; config: Config }): JobHandler =>
  async (payload) => {
    const user = await findUserByEmail(db, String(payload.email ?? ''));
    // No reset link while single sign-on is the only way in, but to break-glass administrators (the answer said nothing either way).
    if (!user || !(await passwordAllowed(db, config, user.id))) return;
    await db.transaction(async (tx) => {
      const key = await createAccountToken(tx, { purpose: 'password_reset', email: user.email, userId: user.id, ttlMs: PASSWORD_RESET_TTL_MS });
      const link = `${config.publicUrl}/reset-password/${key}`;
      await enqueueMail(tx, passwordResetMail({ to: user.email, name: user.name, assistantName: config.assistantName, link }));
    });
  };
