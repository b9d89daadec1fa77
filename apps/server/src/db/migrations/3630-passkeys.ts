import type { Migration } from './migration.ts';

/**
 * Issue 56, passkeys (WebAuthn): a second factor after the password, and a way to sign in without one.
 * `passkeys` keeps each member's credentials (several, each named): the credential id and COSE public key the
 * authenticator gave at registration, its signature counter and backup flags. `passkey_challenges` are the
 * ceremonies' challenges, kept as SHA-256 hashes only, each good once and for five minutes, for one purpose
 * (registering, a second step, a sign-in without a password) and, but for the last, one member.
 * Sessions may now be signed in with a passkey ('passkey') or a password and a passkey; the audit log records
 * passkeys added, renamed, removed and refused (with every earlier action: 3590's list).
 */
export const passkeys: Migration = {
  name: '3630-passkeys',
  sql: /* sql */ `
CREATE TABLE passkeys (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credential_id text NOT NULL CONSTRAINT passkeys_credential_id_key UNIQUE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '',
  device_type text NOT NULL CONSTRAINT passkeys_device_type_check CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id);

CREATE TABLE passkey_challenges (
  challenge_hash text PRIMARY KEY,
  purpose text NOT NULL CONSTRAINT passkey_challenges_purpose_check CHECK (purpose IN ('register', 'second_factor', 'sign_in')),
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

ALTER TABLE sessions DROP CONSTRAINT sessions_sign_in_method_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_sign_in_method_check
  CHECK (sign_in_method IN ('password', 'sign_in_link', 'password_totp', 'password_recovery_code', 'sign_in_link_totp',
    'sign_in_link_recovery_code', 'password_passkey', 'sign_in_link_passkey', 'passkey'));

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
  'passkey_added', 'passkey_renamed', 'passkey_removed', 'passkey_refused'
));
`,
};
