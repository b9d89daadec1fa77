import type { FastifyRequest } from 'fastify';
import { INTEGRATION_KEY_MESSAGES, integrationKeyState, type IntegrationKeyScope } from '@steward/contract/integration-keys';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashSecret, sameHash } from '../../lib/secrets.ts';
import { recordAudit } from '../audit-log/record-audit.ts';
import { integrationKeyObject } from './integration-keys.actions.ts';
import { anyUnrevokedIntegrationKey, findIntegrationKeyByPublicId, noteIntegrationKeyUse } from './integration-keys.repository.ts';
import { keyMatches, publicIdOf } from './key-format.ts';

export const BOT_API_OFF = 'The bot API is switched off: set BOT_API_KEY on the Steward server to enable it.';
export const BOT_KEY_REQUIRED = 'A valid bot API key is required (Authorization: Bearer <BOT_API_KEY>).';

/** Checks that a bot API call carries a key allowed the scope of its route; throws 401, 403 or 503 otherwise. */
export type BotKeyCheck = (request: FastifyRequest, scope: IntegrationKeyScope) => Promise<void>;

/**
 * The bot API's keys: BOT_API_KEY from the environment (the bootstrap key, every scope), or an integration key made
 * on the Integrations screen, held to its scopes. Integration keys are read from the database on every call, with no
 * cache, so a revoke, an expiry or a scope change holds at once on every instance sharing the database.
 */
export function botKeyCheck(db: Db, botApiKey: string | undefined): BotKeyCheck {
  const bootstrapHash = botApiKey ? hashSecret(botApiKey) : undefined;
  return async (request, scope) => {
    const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (presented && bootstrapHash && sameHash(hashSecret(presented), bootstrapHash)) return;
    const publicId = presented ? publicIdOf(presented) : undefined;
    const key = presented && publicId ? await findIntegrationKeyByPublicId(db, publicId) : undefined;
    const now = new Date();
    if (presented && key && keyMatches(presented, key.secretHash) && integrationKeyState(present(key), now) === 'active') {
      if (!key.scopes.includes(scope)) {
        await recordAudit(db, { id: null, name: `Integration key ${key.name}`, email: null, ip: request.ip }, {
          action: 'integration_key_refused',
          object: integrationKeyObject(key),
          details: { call: `${request.method} ${request.routeOptions.url ?? request.url}`, scope },
        });
        throw new HttpError(403, INTEGRATION_KEY_MESSAGES.outsideScope(scope));
      }
      await noteIntegrationKeyUse(db, key.id, request.ip, now);
      return;
    }
    if (!bootstrapHash && !(await anyUnrevokedIntegrationKey(db))) throw new HttpError(503, BOT_API_OFF);
    throw new HttpError(401, BOT_KEY_REQUIRED, undefined, { 'www-authenticate': 'Bearer' });
  };
}

const present = (key: { expiresAt: Date | null; revokedAt: Date | null }) => ({
  expires_at: key.expiresAt?.toISOString() ?? null,
  revoked_at: key.revokedAt?.toISOString() ?? null,
});
