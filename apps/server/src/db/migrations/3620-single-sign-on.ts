import type { Migration } from './migration.ts';

/**
 * Issue 56, single sign-on with OpenID Connect. `sso_settings` is one row: the email domains whose people may join
 * by signing in (none by default) and whether single sign-on is the only way in. `sso_break_glass` names the
 * administrators who may still sign in with a password then. `sso_sessions` keeps a single-sign-on session's ID
 * token, for the provider's logout (id_token_hint); it goes with its session. Sessions may now be signed in with
 * 'oidc'. The audit log's action check is rewritten with every action (3590's list and the three of single sign-on).
 */
export const singleSignOn: Migration = {
  name: '3620-single-sign-on',
  sql: /* sql */ `
CREATE TABLE sso_settings (
  id boolean PRIMARY KEY DEFAULT true CONSTRAINT sso_settings_id_check CHECK (id),
  join_domains jsonb NOT NULL DEFAULT '[]'::jsonb,
  sso_only boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO sso_settings (id) VALUES (true);

CREATE TABLE sso_break_glass (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sso_sessions (
  session_id_hash text PRIMARY KEY REFERENCES sessions (id_hash) ON DELETE CASCADE,
  id_token text NOT NULL
);

ALTER TABLE sessions DROP CONSTRAINT sessions_sign_in_method_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_sign_in_method_check
  CHECK (sign_in_method IN ('password', 'sign_in_link', 'password_totp', 'password_recovery_code', 'sign_in_link_totp', 'sign_in_link_recovery_code', 'oidc'));

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
  'sign_in', 'sign_in_failed', 'sign_in_alert', 'sign_out', 'user_invited', 'user_registered', 'password_reset',
  'password_changed', 'user_deleted', 'information_created', 'information_edited', 'information_approved',
  'information_deleted', 'document_uploaded', 'document_edited', 'document_replaced', 'document_deleted',
  'bot_settings_changed', 'fun_fact_added', 'fun_fact_edited', 'fun_fact_deleted', 'help_request_resolved',
  'help_request_reopened', 'data_exported', 'help_request_replied', 'personal_data_revealed', 'data_retention_purged',
  'personal_data_erased', 'site_added', 'site_cancelled', 'site_deleted', 'site_synced', 'site_sync_schedule_changed',
  'integration_key_created', 'integration_key_scopes_changed', 'integration_key_revoked', 'integration_key_refused',
  'second_factor_enrolled', 'second_factor_removed', 'second_factor_reset', 'second_factor_code_refused',
  'recovery_code_used', 'recovery_codes_renewed', 'second_factor_policy_changed', 'chunk_excluded', 'chunk_included',
  'sso_sign_in_refused', 'sso_user_joined', 'sso_settings_changed'
));
`,
};
