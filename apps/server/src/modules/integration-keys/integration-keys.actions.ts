import {
  type CreatedIntegrationKeyRow,
  type IntegrationKeyRow,
  type IntegrationKeyScope,
  INTEGRATION_KEY_MESSAGES,
  inScopeOrder,
} from '@steward/contract/integration-keys';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type AuditObject, recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { newIntegrationKey, shownPrefix } from './key-format.ts';
import {
  findIntegrationKey,
  insertIntegrationKey,
  type IntegrationKeyRecord,
  markIntegrationKeyRevoked,
  setIntegrationKeyScopes,
} from './integration-keys.repository.ts';

/** A key as the audit log names it: its name and public prefix, never its secret. */
export const integrationKeyObject = (key: Pick<IntegrationKeyRecord, 'id' | 'name' | 'publicId'>): AuditObject => ({
  type: 'integration_key',
  id: key.id,
  label: `${key.name} (${shownPrefix(key.publicId)})`,
});

export const presentIntegrationKey = (key: IntegrationKeyRecord): IntegrationKeyRow => ({
  id: key.id,
  name: key.name,
  prefix: shownPrefix(key.publicId),
  scopes: key.scopes,
  created_at: key.createdAt.toISOString(),
  created_by: key.createdBy,
  expires_at: key.expiresAt?.toISOString() ?? null,
  revoked_at: key.revokedAt?.toISOString() ?? null,
  last_used_at: key.lastUsedAt?.toISOString() ?? null,
  last_used_ip: key.lastUsedIp,
});

const scopeList = (scopes: readonly IntegrationKeyScope[]): string => scopes.join(', ');

/** Makes a key (POST /api/integration-keys): the answer holds the whole key, the only time it is ever shown. */
export async function createIntegrationKey(
  tx: Db,
  actor: StaffActor,
  request: { name: string; scopes: IntegrationKeyScope[]; expires_at: string | null },
  now: Date,
): Promise<CreatedIntegrationKeyRow> {
  const expiresAt = request.expires_at === null ? null : new Date(request.expires_at);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new HttpError(400, INTEGRATION_KEY_MESSAGES.expiryPast, 'expires_at');
  const made = newIntegrationKey();
  const key = await insertIntegrationKey(tx, {
    publicId: made.publicId,
    secretHash: made.secretHash,
    name: request.name,
    scopes: inScopeOrder(request.scopes),
    expiresAt,
    createdBy: { id: actor.id, name: actor.name },
  });
  await recordAudit(tx, actor, {
    action: 'integration_key_created',
    object: integrationKeyObject(key),
    details: { scopes: scopeList(key.scopes), expires_at: key.expiresAt?.toISOString() ?? null },
  });
  return { ...presentIntegrationKey(key), key: made.key };
}

async function liveKey(tx: Db, id: number): Promise<IntegrationKeyRecord> {
  const key = await findIntegrationKey(tx, id, { forUpdate: true });
  if (!key) throw new HttpError(404, INTEGRATION_KEY_MESSAGES.notFound);
  if (key.revokedAt) throw new HttpError(409, INTEGRATION_KEY_MESSAGES.alreadyRevoked);
  return key;
}

/** Replaces a key's scopes; the next call with it is held to them. Audited with the scopes before and after. */
export async function changeIntegrationKeyScopes(tx: Db, actor: StaffActor, id: number, scopes: IntegrationKeyScope[]): Promise<IntegrationKeyRow> {
  const key = await liveKey(tx, id);
  const ordered = inScopeOrder(scopes);
  await setIntegrationKeyScopes(tx, id, ordered);
  await recordAudit(tx, actor, {
    action: 'integration_key_scopes_changed',
    object: integrationKeyObject(key),
    details: { before: scopeList(key.scopes), after: scopeList(ordered) },
  });
  return presentIntegrationKey({ ...key, scopes: ordered });
}

/** Revokes a key: from the commit on, every instance refuses it (each call reads the key from the database). */
export async function revokeIntegrationKey(tx: Db, actor: StaffActor, id: number): Promise<IntegrationKeyRow> {
  const key = await liveKey(tx, id);
  await markIntegrationKeyRevoked(tx, id);
  await recordAudit(tx, actor, { action: 'integration_key_revoked', object: integrationKeyObject(key) });
  const revoked = await findIntegrationKey(tx, id);
  if (!revoked) throw new HttpError(404, INTEGRATION_KEY_MESSAGES.notFound);
  return presentIntegrationKey(revoked);
}
