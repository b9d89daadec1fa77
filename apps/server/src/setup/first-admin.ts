import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createInvitation } from '../modules/auth/invitations.repository.ts';
import { countUsers, createUser } from '../modules/auth/users.repository.ts';
import type { FirstAdministrator } from './start-banner.ts';

/**
 * Makes sure someone can sign in to a new installation: creates the administrator
 * from STEWARD_ADMIN_* when no user exists yet, or makes a one-time registration link (logged, and answered
 * for the start-up banner). Answers nothing when staff exist already.
 */
export async function ensureFirstAdministrator(db: Db, config: Config, log: FastifyBaseLogger): Promise<FirstAdministrator | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const admin = config.initialAdmin;
  if (admin.password) {
    await createUser(db, { name: admin.name, email: admin.email, role: 'admin', passwordHash: await hashPassword(admin.password) });
    log.info(`Created the first administrator ${admin.email} from STEWARD_ADMIN_EMAIL / STEWARD_ADMIN_PASSWORD.`);
    return { email: admin.email };
  }
  const key = await createInvitation(db, { email: admin.email, name: admin.name, role: 'admin', createdBy: null });
  const link = `${config.publicUrl}/register/${key}`;
  // A terminal shows the link in the start-up banner (LOG_FORMAT=pretty); a log collector gets this line.
  if (config.logFormat === 'json') log.warn(`No staff account exists yet. Register the first administrator (${admin.email}) within 72 hours at: ${link}`);
  return { email: admin.email, registerLink: link };
}
