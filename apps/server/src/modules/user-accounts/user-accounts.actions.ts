import type { Role } from '@steward/contract/access';
import { LAST_ADMINISTRATOR } from '@steward/contract/user-accounts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { invitationMail } from '../../mail/account-mails.ts';
import { enqueueMail } from '../../mail/mail-queue.ts';
import { recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { createInvitation } from '../auth/invitations.repository.ts';
import { deleteSessionsOfUser } from '../auth/sessions.repository.ts';
import { readSsoPolicy } from '../auth/sso.repository.ts';
import { deleteUserKeepingAnAdministrator } from '../auth/users.repository.ts';

export const USER_NOT_FOUND = 'This user does not exist.';

/** Invites a new staff member: the invitation, its mail (queued) and the audit entry, in the caller's transaction; answers the register link. */
export async function inviteUser(
  tx: Db,
  actor: StaffActor,
  config: Pick<Config, 'publicUrl' | 'assistantName' | 'oidc'>,
  invitee: { name: string; email: string; role: Role },
): Promise<string> {
  const { name, email, role } = invitee;
  const key = await createInvitation(tx, { email, name, role, createdBy: actor.id });
  const link = `${config.publicUrl}/register/${key}`;
  const signInWith = config.oidc && (await readSsoPolicy(tx)).ssoOnly ? config.oidc.providerName : undefined;
  await enqueueMail(tx, invitationMail({ to: email, name, assistantName: config.assistantName, link, invitedBy: actor.name, signInWith }));
  await recordAudit(tx, actor, { action: 'user_invited', object: { type: 'invitation', id: null, label: `${name} <${email}>` }, details: { role } });
  return link;
}

/** Deletes a staff account (never the last administrator: 409) with its audit entry; 404 when there is none. */
export async function deleteUser(tx: Db, actor: StaffActor, userId: number): Promise<void> {
  // Its sessions end with it (they would cascade; ended first, to be counted). A refusal below rolls this back.
  const endedSessions = await deleteSessionsOfUser(tx, userId);
  const outcome = await deleteUserKeepingAnAdministrator(tx, userId);
  if (outcome.result !== 'deleted') {
    throw outcome.result === 'not_found' ? new HttpError(404, USER_NOT_FOUND) : new HttpError(409, LAST_ADMINISTRATOR);
  }
  const { deleted } = outcome;
  const object = { type: 'user' as const, id: deleted.id, label: `${deleted.name} <${deleted.email}>` };
  await recordAudit(tx, actor, { action: 'user_deleted', object, details: { role: deleted.role } });
  if (endedSessions > 0) await recordAudit(tx, actor, { action: 'sessions_ended', object, details: { reason: 'user_deleted', ended: endedSessions } });
}
