import type { Migration } from './migration.ts';

/**
 * Issue 57, integration keys: keys for the bot API created on the Integrations screen, each with its scopes and an
 * optional expiry. Only the SHA-256 of the secret is stored; `public_id` finds the row, the hash proves the key.
 * `last_used_at` and `last_used_ip` are written at most once a minute per key. The audit log records creating,
 * re-scoping and revoking a key, and a key refused beyond its scopes.
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

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
  'sign_in', 'sign_in_failed', 'sign_in_alert', 'sign_out', 'user_invited', 'user_registered', 'password_reset',
  'password_changed', 'user_deleted', 'information_created', 'information_edited', 'information_approved',
  'information_deleted', 'document_uploaded', 'document_edited', 'document_replaced', 'document_deleted',
  'bot_settings_changed', 'fun_fact_added', 'fun_fact_edited', 'fun_fact_deleted', 'help_request_resolved',
  'help_request_reopened', 'data_exported', 'help_request_replied', 'personal_data_revealed', 'data_retention_purged',
  'personal_data_erased', 'site_added', 'site_cancelled', 'site_deleted', 'integration_key_created',
  'integration_key_scopes_changed', 'integration_key_revoked', 'integration_key_refused'
));
ALTER TABLE audit_log DROP CONSTRAINT audit_log_object_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_object_type_check CHECK (object_type IN (
  'user', 'invitation', 'information', 'document', 'help_request', 'feedback', 'bot_settings', 'fun_fact', 'export',
  'chat_session', 'site', 'integration_key'
));
`,
};
