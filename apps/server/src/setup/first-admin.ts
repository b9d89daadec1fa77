import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { authTokens } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { hashSecret } from '../lib/secrets.ts';
import { forgetServerSecret, keepServerSecret, readServerSecret } from '../lib/server-secrets.ts';
import { createInvitation } from '../modules/auth/invitations.repository.ts';
import { countUsers, createUser } from '../modules/auth/users.repository.ts';
import type { FirstAdministrator } from './start-banner.ts';

/** The first administrator's registration key, kept until someone registers so that every instance and restart prints one link. */
const FIRST_ADMIN_KEY = 'first-administrator-invitation';

/** Whether `key` is an invitation still waiting to be used. */
async function isLiveInvitation(tx: Db, key: string): Promise<boolean> {
  const [row] = await tx
    .select({ tokenHash: authTokens.tokenHash })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashSecret(key)), eq(authTokens.purpose, 'invitation'), isNull(authTokens.usedAt), gt(authTokens.expiresAt, sql`now()`)));
  return row !== undefined;
}

/**
 * Makes sure someone can sign in to a new installation: creates the administrator
 * from STEWARD_ADMIN_* when no user exists yet, or a registration link (logged, and answered
 * for the start-up banner). Answers nothing when staff exist already.
 *
 * Several instances may start at once on an empty database: they take turns on an advisory lock, so exactly
 * one creates the administrator, and the registration key is kept in server_secrets, so every instance (and
 * every restart until the key expires or is used) prints the same link.
 */
export async function ensureFirstAdministrator(db: Db, config: Config, log: FastifyBaseLogger): Promise<FirstAdministrator | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const admin = config.initialAdmin;
  const passwordHash = admin.password ? await hashPassword(admin.password) : undefined;
  const outcome = await db.transaction(async (tx): Promise<FirstAdministrator | 'created' | undefined> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('steward:first-administrator'))`);
    if ((await countUsers(tx)) > 0) {
      await forgetServerSecret(tx, FIRST_ADMIN_KEY);
      return undefined;
    }
    if (passwordHash) {
      await createUser(tx, { name: admin.name, email: admin.email, role: 'admin', passwordHash });
      return 'created';
    }
    let key = await readServerSecret(tx, FIRST_ADMIN_KEY);
    if (key === undefined || !(await isLiveInvitation(tx, key))) {
      key = await createInvitation(tx, { email: admin.email, name: admin.name, role: 'admin', createdBy: null });
      await keepServerSecret(tx, FIRST_ADMIN_KEY, key);
    }
    return { email: admin.email, registerLink: `${config.publicUrl}/register/${key}` };
  });
  if (outcome === 'created') {
    log.info(`Created the first administrator ${admin.email} from STEWARD_ADMIN_EMAIL / STEWARD_ADMIN_PASSWORD.`);
    return { email: admin.email };
  }
  // A terminal shows the link in the start-up banner (LOG_FORMAT=pretty); a log collector gets this line.
  if (outcome?.registerLink && config.logFormat === 'json') {
    log.warn(`No staff account exists yet. Register the first administrator (${admin.email}) within 72 hours at: ${outcome.registerLink}`);
  }
  return outcome;
}
