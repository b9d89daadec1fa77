import { z } from 'zod';
import { isoTimestamp } from './envelope.ts';

/**
 * Issue 57, integration keys (docs/integrations.md): keys for the chatbot and other tools, created and revoked
 * by administrators on the Integrations screen, each allowed only the calls of its scopes. The secret is shown
 * once; the server keeps only its SHA-256.
 */

/**
 * What a key may do, in the order the screen shows them: one scope for each call of the bot API, and `exports`, the
 * read-only exports (GET /api/export/{list}) a staff member with export_data downloads from the lists.
 */
export const INTEGRATION_KEY_SCOPES = ['exchanges', 'ratings', 'help_requests', 'knowledge_search', 'exports'] as const;
export type IntegrationKeyScope = (typeof INTEGRATION_KEY_SCOPES)[number];

/**
 * The scopes BOT_API_KEY (the bootstrap key) holds: the bot API's calls, as it did before integration keys. Not the
 * exports: those need an integration key made for them, which can be revoked alone.
 */
export const BOOTSTRAP_KEY_SCOPES = ['exchanges', 'ratings', 'help_requests', 'knowledge_search'] as const satisfies readonly IntegrationKeyScope[];
export const isBootstrapKeyScope = (scope: IntegrationKeyScope): boolean => (BOOTSTRAP_KEY_SCOPES as readonly string[]).includes(scope);

export const INTEGRATION_KEY_SCOPE_LABELS: Record<IntegrationKeyScope, string> = {
  exchanges: 'Record chat exchanges',
  ratings: 'Record ratings',
  help_requests: 'Receive help requests',
  knowledge_search: 'Search the knowledge',
  exports: 'Read-only exports',
};

/** The call each scope opens, for the screen and the docs. */
export const INTEGRATION_KEY_SCOPE_CALLS: Record<IntegrationKeyScope, string> = {
  exchanges: 'POST /api/bot/messages',
  ratings: 'POST /api/bot/feedback',
  help_requests: 'POST /api/bot/help-requests',
  knowledge_search: 'POST /api/bot/knowledge/search',
  exports: 'GET /api/export/{list}',
};

/** Every key starts with this, so a leaked one is recognised (secret scanners, logs). */
export const INTEGRATION_KEY_PREFIX = 'stw_';

export const INTEGRATION_KEY_NAME_MAX = 100;

export const INTEGRATION_KEY_MESSAGES = {
  nameRequired: 'Give the key a name, such as the integration that uses it.',
  nameTooLong: `The name must be at most ${INTEGRATION_KEY_NAME_MAX} characters long.`,
  scopesRequired: 'Choose at least one thing the key may do.',
  scopeUnknown: 'That is not one of the scopes a key can have.',
  expiryInvalid: 'The expiry must be a date and time with a time zone.',
  expiryPast: 'The expiry must be in the future.',
  notFound: 'There is no integration key with this id.',
  alreadyRevoked: 'This key is already revoked.',
  created: 'The key is created. Copy it now: it is not shown again.',
  revoked: 'The key is revoked. Calls with it are refused from now on.',
  scopesSaved: 'The scopes are saved.',
  confirmRevoke: 'Revoke this key? Every call with it is refused at once, on every server. This cannot be undone.',
  empty: 'No integration keys yet.',
  /** A valid key used for a call outside its scopes (HTTP 403). */
  outsideScope: (scope: IntegrationKeyScope) => `This key may not do this: it needs the scope "${scope}".`,
  /** BOT_API_KEY used for a call outside the bot API (HTTP 403). */
  bootstrapOutsideScope: (scope: IntegrationKeyScope) =>
    `BOT_API_KEY opens the bot API only: create an integration key with the scope "${scope}" on the Integrations screen.`,
  /** An export call with a key that is unknown, revoked or expired (HTTP 401). */
  keyRequired: 'A valid integration key is required (Authorization: Bearer <key>).',
} as const;

/** Scopes in the contract's order, whatever order they were chosen in. */
export const inScopeOrder = (chosen: readonly IntegrationKeyScope[]): IntegrationKeyScope[] => INTEGRATION_KEY_SCOPES.filter((scope) => chosen.includes(scope));

const scopes = z
  .array(z.enum(INTEGRATION_KEY_SCOPES, { error: INTEGRATION_KEY_MESSAGES.scopeUnknown }), { error: INTEGRATION_KEY_MESSAGES.scopesRequired })
  .min(1, INTEGRATION_KEY_MESSAGES.scopesRequired);

const name = z
  .string({ error: INTEGRATION_KEY_MESSAGES.nameRequired })
  .trim()
  .min(1, INTEGRATION_KEY_MESSAGES.nameRequired)
  .max(INTEGRATION_KEY_NAME_MAX, INTEGRATION_KEY_MESSAGES.nameTooLong);

/** POST /api/integration-keys: a name, its scopes and, optionally, when it stops working. */
export const createIntegrationKeyRequest = z.strictObject({
  name,
  scopes,
  expires_at: z.iso.datetime({ offset: true, error: INTEGRATION_KEY_MESSAGES.expiryInvalid }).nullable().default(null),
});
export type CreateIntegrationKeyRequest = z.input<typeof createIntegrationKeyRequest>;

/** The Integrations screen's create form: the request's rules, the expiry as its date-and-time field holds it ('' for none). */
export const integrationKeyForm = z.object({ name, scopes, expires_at: z.string() });
export type IntegrationKeyForm = z.infer<typeof integrationKeyForm>;

/** POST /api/integration-keys/{id}/scopes: the key's scopes from now on (all of them). */
export const integrationKeyScopesRequest = z.strictObject({ scopes });
export type IntegrationKeyScopesRequest = z.infer<typeof integrationKeyScopesRequest>;

/** A key as the list shows it: never its secret. `prefix` is its public part, enough to recognise it. */
export const integrationKeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(INTEGRATION_KEY_SCOPES)),
  created_at: isoTimestamp,
  created_by: z.string(),
  expires_at: isoTimestamp.nullable(),
  revoked_at: isoTimestamp.nullable(),
  last_used_at: isoTimestamp.nullable(),
  last_used_ip: z.string().nullable(),
});
export type IntegrationKeyRow = z.infer<typeof integrationKeyRow>;

/** The answer of a create: the row and, this once, the whole key. */
export const createdIntegrationKeyRow = integrationKeyRow.extend({ key: z.string() });
export type CreatedIntegrationKeyRow = z.infer<typeof createdIntegrationKeyRow>;

export type IntegrationKeyState = 'active' | 'expired' | 'revoked';

/** Whether a key works now: revoked and expired keys are refused like unknown ones. */
export function integrationKeyState(key: Pick<IntegrationKeyRow, 'expires_at' | 'revoked_at'>, now: Date): IntegrationKeyState {
  if (key.revoked_at !== null) return 'revoked';
  if (key.expires_at !== null && new Date(key.expires_at).getTime() <= now.getTime()) return 'expired';
  return 'active';
}
