import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditDetails, AuditObjectType } from '@steward/contract/audit-log';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

/** Who acted, as they were at the time, and from where. No id for a failed sign-in (only the email tried). */
export interface AuditActor {
  id: number | null;
  name: string | null;
  email: string | null;
  ip: string;
}

export interface AuditObject {
  type: AuditObjectType;
  /** Null when the object has no id of its own (an invitation, the bot settings). */
  id: number | null;
  /** What the object was called then: a name, a title, the start of a text. */
  label: string;
}

export interface AuditRecord {
  action: AuditAction;
  object?: AuditObject;
  details?: AuditDetails;
}

/** Labels are a glance, not a copy: long texts are cut. */
const LABEL_MAX = 120;
export const auditLabel = (text: string): string => {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > LABEL_MAX ? `${oneLine.slice(0, LABEL_MAX - 1)}…` : oneLine;
};

/** The signed-in staff member of a request, as the actor of what it does. */
export function actorOf(request: FastifyRequest, who: { id: number; name: string; email: string } | null = request.viewer): AuditActor {
  return who ? { id: who.id, name: who.name, email: who.email, ip: request.ip } : { id: null, name: null, email: null, ip: request.ip };
}

/** A signed-in staff member as the actor (plugins/access.ts's signedInActor): for actions that also need their id and name. */
export type StaffActor = AuditActor & { id: number; name: string };

/** Someone not signed in (a failed sign-in): only the email they typed. */
export const anonymousActor = (request: FastifyRequest, emailTried: string): AuditActor => ({
  id: null,
  name: null,
  email: emailTried,
  ip: request.ip,
});

/**
 * Appends one entry. Pass the transaction of the action itself, so an action that is refused or
 * rolled back leaves no entry and an entry never exists without its action.
 */
export async function recordAudit(db: Db, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
    action: record.action,
    objectType: record.object?.type ?? null,
    objectId: record.object?.id ?? null,
    objectLabel: record.object ? auditLabel(record.object.label) : '',
    details: record.details ?? {},
    ip: actor.ip,
  });
}
