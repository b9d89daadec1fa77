import type { FastifyRequest } from 'fastify';
import { ROLES, type Role } from '@steward/contract/access';
import { SIMPLE_EMAIL_PATTERN } from '@steward/contract/auth';
import type { SsoRefusal } from '@steward/contract/single-sign-on';
import type { OidcConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newSecret } from '../../lib/secrets.ts';
import { type AuditActor, anonymousActor, recordAudit } from '../audit-log/record-audit.ts';
import { consumeInvitationOf } from './account-tokens.repository.ts';
import { isBreakGlass, readSsoPolicy } from './sso.repository.ts';
import { changeRoleKeepingAnAdministrator, createUser, findUserByEmail, normaliseEmail, type UserRecord } from './users.repository.ts';

/**
 * Who a single sign-on signs in: the staff account of the provider's **verified** email address (email_verified
 * true), else the invitee of a live invitation to that address, else, when an administrator allows joining from
 * the address's domain, a new account (a viewer, or the role the groups claim maps to). Anyone else is refused.
 * Refusals and joinings are audited here, in the caller's transaction; the sign-in itself by startSession.
 */
export type SsoOutcome = { user: Pick<UserRecord, 'id' | 'name' | 'email'> } | { refusal: SsoRefusal };

export async function accountForSsoIdentity(tx: Db, settings: OidcConfig, request: FastifyRequest, claims: Record<string, unknown>): Promise<SsoOutcome> {
  const email = typeof claims.email === 'string' ? normaliseEmail(claims.email) : '';
  if (!SIMPLE_EMAIL_PATTERN.test(email)) return refuse(tx, request, '', 'no_email');
  const user = await findUserByEmail(tx, email);
  // Only the provider's word that the address is the person's own: an unverified one could be anyone's. Entra ID
  // sends no email_verified for organisational accounts; its optional claim xms_edov (the address's domain is the
  // tenant's, verified) stands in for it, only when email_verified is absent.
  const verified = claims.email_verified === true || (claims.email_verified === undefined && claims.xms_edov === true);
  if (!verified) return refuse(tx, request, email, 'email_not_verified', user);
  if (user) {
    if (user.roleFromGroups) await applyRoleFromGroups(tx, settings, request, user, claims);
    return { user };
  }

  const invitation = await consumeInvitationOf(tx, email);
  if (invitation?.role) {
    const created = await createSsoUser(tx, { email, name: invitation.name ?? nameOf(claims, email), role: invitation.role });
    await recordAudit(tx, actorFrom(created, request), { action: 'user_registered', object: { type: 'user', id: created.id, label: created.name }, details: { role: created.role, method: 'oidc' } });
    return { user: created };
  }

  const domain = email.slice(email.lastIndexOf('@') + 1);
  const { joinDomains } = await readSsoPolicy(tx);
  if (!joinDomains.includes(domain)) return refuse(tx, request, email, 'unknown_account');
  const role = roleFromGroups(settings, claims);
  const created = await createSsoUser(tx, { email, name: nameOf(claims, email), role, roleFromGroups: true });
  await recordAudit(tx, actorFrom(created, request), { action: 'sso_user_joined', object: { type: 'user', id: created.id, label: created.name }, details: { role, domain } });
  return { user: created };
}

/**
 * At each later sign-in of a member whose role is the groups claim's (they joined from a domain): the role the
 * groups map to now, audited as changed by the provider. Never the last administrator's nor a break-glass
 * administrator's administration (kept, and logged). Nothing while no groups claim or mapping is configured.
 */
async function applyRoleFromGroups(tx: Db, settings: OidcConfig, request: FastifyRequest, user: UserRecord, claims: Record<string, unknown>): Promise<void> {
  if (!settings.groupsClaim || settings.groupRoles.length === 0) return;
  const role = roleFromGroups(settings, claims);
  if (role === user.role) return;
  const change = await changeRoleKeepingAnAdministrator(tx, user.id, role, () => isBreakGlass(tx, user.id));
  if (change.result === 'last_administrator' || change.result === 'break_glass') {
    request.log.warn({ userId: user.id, role, kept: user.role, reason: change.result }, 'The single sign-on groups map a member to another role; their administration is kept.');
    return;
  }
  if (change.result !== 'changed') return;
  // The provider acted, not the member: the provider's name as the actor, no account of its own.
  const provider: AuditActor = { id: null, name: settings.providerName, email: null, ip: request.ip };
  await recordAudit(tx, provider, {
    action: 'user_role_changed',
    object: { type: 'user', id: user.id, label: `${user.name} <${user.email}>` },
    details: { previous_role: user.role, role, source: 'oidc_groups' },
  });
}

/** A refusal after the provider's answer was accepted, audited with its reason; or one before (a failed validation). */
export async function refuse(tx: Db, request: FastifyRequest, email: string, refusal: SsoRefusal, user?: Pick<UserRecord, 'id' | 'name'>, reason: string = refusal): Promise<{ refusal: SsoRefusal }> {
  await recordAudit(tx, anonymousActor(request, email), {
    action: 'sso_sign_in_refused',
    ...(user ? { object: { type: 'user' as const, id: user.id, label: user.name } } : {}),
    details: { reason },
  });
  return { refusal };
}

/** The groups claim's groups that OIDC_GROUP_ROLES names give their role; the highest wins (ROLES lists admin first); none: viewer. */
export function roleFromGroups(settings: Pick<OidcConfig, 'groupsClaim' | 'groupRoles'>, claims: Record<string, unknown>): Role {
  const value = settings.groupsClaim ? claims[settings.groupsClaim] : undefined;
  const groups = Array.isArray(value) ? value.filter((group): group is string => typeof group === 'string') : typeof value === 'string' ? [value] : [];
  const granted = new Set(settings.groupRoles.filter((mapping) => groups.includes(mapping.group)).map((mapping) => mapping.role));
  return ROLES.find((role) => granted.has(role)) ?? 'viewer';
}

function nameOf(claims: Record<string, unknown>, email: string): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const name = text(claims.name) || [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ') || email.slice(0, email.indexOf('@'));
  return name.slice(0, 200);
}

/** An account made by single sign-on has a random password nobody knows (a reset can give it one, where allowed). */
const createSsoUser = async (tx: Db, input: { email: string; name: string; role: Role; roleFromGroups?: boolean }) => createUser(tx, { ...input, passwordHash: await hashPassword(newSecret()) });

const actorFrom = (user: Pick<UserRecord, 'id' | 'name' | 'email'>, request: FastifyRequest): AuditActor => ({ id: user.id, name: user.name, email: user.email, ip: request.ip });
