import type { FastifyRequest } from 'fastify';
import { INTEGRATION_KEY_MESSAGES, integrationKeyState, isBootstrapKeyScope, type IntegrationKeyScope } from '@steward/contract/integration-keys';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashSecret, sameHash } from '../../lib/secrets.ts';
import { type AuditActor, recordAudit } from '../audit-log/record-audit.ts';
import { integrationKeyObject } from './integration-keys.actions.ts';
import { anyUnrevokedIntegrationKey, findIntegrationKeyByPublicId, noteIntegrationKeyUse } from './integration-keys.repository.ts';
import { keyMatches, publicIdOf } from './key-format.ts';

export const BOT_API_OFF = 'The bot API is switched off: set BOT_API_KEY on the Steward server to enable it.';
export const BOT_KEY_REQUIRED = 'A valid bot API key is required (Authorization: Bearer <BOT_API_KEY>).';

/** Who a key call is: BOT_API_KEY, or an integration key by its id and name (the audit log's actor). */
export type KeyCaller = { kind: 'bootstrap' } | { kind: 'integration_key'; id: number; name: string };

/**
 * Checks that a call carries a key allowed the scope of its route, and answers whose key it is; throws 401, 403 or 503
 * otherwise.
 */
export type BotKeyCheck = (request: FastifyRequest, scope: IntegrationKeyScope) => Promise<KeyCaller>;

/** The audit log's actor for a call made with an integration key (its refusals, its exports). */
export const keyActor = (request: FastifyRequest, key: { name: string }): AuditActor => ({ id: null, name: `Integration key ${key.name}`, email: null, ip: request.ip });

/** BOT_API_KEY as the object of an audit entry (it has no row). */
const BOOTSTRAP_KEY_OBJECT = { type: 'integration_key', id: null, label: 'BOT_API_KEY (bootstrap key)' } as const;

/**
 * The keys: BOT_API_KEY from the environment (the bootstrap key, every scope of the bot API, not the exports), or an
 * integration key made on the Integrations screen, held to its scopes. Integration keys are read from the database on
 * every call, with no cache, so a revoke, an expiry or a scope change holds at once on every instance sharing the
 * database. A key used beyond its scope is refused (403) and the refusal audited (integration_key_refused).
 */
export function botKeyCheck(db: Db, botApiKey: string | undefined): BotKeyCheck {
  const bootstrapHash = botApiKey ? hashSecret(botApiKey) : undefined;
  return async (request, scope) => {
    const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const call = `${request.method} ${request.routeOptions.url ?? request.url}`;
    if (presented && bootstrapHash && sameHash(hashSecret(presented), bootstrapHash)) {
      if (isBootstrapKeyScope(scope)) return { kind: 'bootstrap' };
      await recordAudit(db, { id: null, name: 'BOT_API_KEY', email: null, ip: request.ip }, { action: 'integration_key_refused', object: BOOTSTRAP_KEY_OBJECT, details: { call, scope } });
      throw new HttpError(403, INTEGRATION_KEY_MESSAGES.bootstrapOutsideScope(scope));
    }
    const publicId = presented ? publicIdOf(presented) : undefined;
    const key = presented && publicId ? await findIntegrationKeyByPublicId(db, publicId) : undefined;
    const now = new Date();
    if (presented && key && keyMatches(presented, key.secretHash) && integrationKeyState(present(key), now) === 'active') {
      if (!key.scopes.includes(scope)) {
        await recordAudit(db, keyActor(request, key), { action: 'integration_key_refused', object: integrationKeyObject(key), details: { call, scope } });
        throw new HttpError(403, INTEGRATION_KEY_MESSAGES.outsideScope(scope));
      }
      await noteIntegrationKeyUse(db, key.id, request.ip, now);
      return { kind: 'integration_key', id: key.id, name: key.name };
    }
    if (!isBootstrapKeyScope(scope)) throw new HttpError(401, INTEGRATION_KEY_MESSAGES.keyRequired, undefined, { 'www-authenticate': 'Bearer' });
    if (!bootstrapHash && !(await anyUnrevokedIntegrationKey(db))) throw new HttpError(503, BOT_API_OFF);
    throw new HttpError(401, BOT_KEY_REQUIRED, undefined, { 'www-authenticate': 'Bearer' });
  };
}

const present = (key: { expiresAt: Date | null; revokedAt: Date | null }) => ({
  expires_at: key.expiresAt?.toISOString() ?? null,
  revoked_at: key.revokedAt?.toISOString() ?? null,
});
