import {
  EMAIL_TAKEN,
  INVALID_INVITATION,
  INVALID_RESET_LINK,
  INVITATION_EXPIRED,
  INVITATION_USED,
  RESET_LINK_EXPIRED,
  RESET_LINK_USED,
} from '@steward/contract/accounts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type AuditActor, recordAudit } from '../audit-log/record-audit.ts';
import { consumeAccountToken } from './account-tokens.repository.ts';
import { deleteSessionsOfUser } from './sessions.repository.ts';
import { createUser, findUserByEmail, findUserById, savePassword } from './users.repository.ts';

/** The person an invitation or reset key names, as the actor of what the key does, from where it was sent. */
const actorFrom = (user: { id: number; name: string; email: string }, ip: string): AuditActor => ({ id: user.id, name: user.name, email: user.email, ip });

/**
 * Accepts an invitation with a chosen password (POST /api/register): the key is spent, the account created and
 * audited, in the caller's transaction. The email, name and role come from the invitation, never from the request.
 */
export async function registerAccount(tx: Db, ip: string, key: string, passwordHash: string): Promise<void> {
  const result = await consumeAccountToken(tx, 'invitation', key);
  if (!result.ok) {
    if (result.reason === 'used') throw new HttpError(410, INVITATION_USED);
    if (result.reason === 'expired') throw new HttpError(410, INVITATION_EXPIRED);
    throw new HttpError(400, INVALID_INVITATION);
  }
  const { email, name, role } = result.token;
  if (!role) throw new HttpError(400, INVALID_INVITATION);
  if (await findUserByEmail(tx, email)) throw new HttpError(409, EMAIL_TAKEN);
  const user = await createUser(tx, { email, name: name ?? email, role, passwordHash });
  await recordAudit(tx, actorFrom(user, ip), { action: 'user_registered', object: { type: 'user', id: user.id, label: user.name }, details: { role } });
}

/**
 * A new password from a reset link (POST /api/reset-password): the key is spent, the password saved, every
 * session of the account ended (whoever knew the old password is signed out everywhere), and it is audited.
 */
export async function resetPassword(tx: Db, ip: string, token: string, passwordHash: string): Promise<void> {
  const result = await consumeAccountToken(tx, 'password_reset', token);
  if (!result.ok) {
    if (result.reason === 'used') throw new HttpError(410, RESET_LINK_USED);
    if (result.reason === 'expired') throw new HttpError(410, RESET_LINK_EXPIRED);
    throw new HttpError(400, INVALID_RESET_LINK);
  }
  const user = result.token.userId === null ? undefined : await findUserById(tx, result.token.userId);
  if (!user) throw new HttpError(400, INVALID_RESET_LINK);
  await savePassword(tx, user.id, passwordHash);
  await deleteSessionsOfUser(tx, user.id);
  await recordAudit(tx, actorFrom(user, ip), { action: 'password_reset', object: { type: 'user', id: user.id, label: user.name } });
}

/** A signed-in member's new password: saved, every session ended (this one too), audited. */
export async function changePassword(tx: Db, actor: AuditActor, user: { id: number; name: string }, passwordHash: string): Promise<void> {
  await savePassword(tx, user.id, passwordHash);
  await deleteSessionsOfUser(tx, user.id);
  await recordAudit(tx, actor, { action: 'password_changed', object: { type: 'user', id: user.id, label: user.name } });
}
