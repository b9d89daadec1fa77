import type { Migration } from './migration.ts';

/**
 * Issue 57, integration keys: keys for the bot API created on the Integrations screen, each with its scopes and an
 * optional expiry. Only the SHA-256 of the secret is stored; `public_id` finds the row, the hash proves the key.
 * `last_used_at` and `last_used_ip` are written at most once a minute per key. The audit log's object type
 * `integration_key` is allowed here; its actions (created, re-scoped, revoked, refused) by 3590.
 */
export const integrationKeys: Migration = {
  name: '3500-integration-keys',
  sql: /* sql */ `
CREATE TABLE integration_keys (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  public_id text NOT NULL CONSTRAINT integration_keys_public_id_key UNIQUE,
  secret_hash text NOT NULL,
  name text NOT NULL,
  scopes jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  expires_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz,
  last_used_ip text
);

ALTER TABLE audit_log DROP CONSTRAINT audit_log_object_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_object_type_check CHECK (object_type IN (
  'user', 'invitation', 'information', 'document', 'help_request', 'feedback', 'bot_settings', 'fun_fact', 'export',
  'chat_session', 'site', 'integration_key'
));
`,
};
