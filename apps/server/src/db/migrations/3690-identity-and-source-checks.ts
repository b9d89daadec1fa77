import type { Migration } from './migration.ts';

/**
 * The checks that the features landing together after 3590 each extended: webhooks (3600), the weekly report
 * (3610), single sign-on (3620), passkeys (3630), the sessions list (3640) and PDF-by-URL sync (3650). One rewrite
 * of each for all of them, as 3590 did: each written on its own branch would have left out the others'
 * (audit-log-actions.test.ts inserts every action; the sessions' methods are the contract's SIGN_IN_METHOD_LABELS).
 */
export const identityAndSourceChecks: Migration = {
  name: '3690-identity-and-source-checks',
  sql: /* sql */ `
ALTER TABLE sessions DROP CONSTRAINT sessions_sign_in_method_check;
ALTER TABLE sessions ADD CONSTRAINT sessions_sign_in_method_check CHECK (sign_in_method IN (
  'password', 'sign_in_link', 'password_totp', 'password_recovery_code', 'sign_in_link_totp',
  'sign_in_link_recovery_code', 'password_passkey', 'sign_in_link_passkey', 'passkey', 'oidc'
));

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
  'sign_in', 'sign_in_failed', 'sign_in_alert', 'sign_out', 'user_invited', 'user_registered', 'password_reset',
  'password_changed', 'user_deleted', 'information_created', 'information_edited', 'information_approved',
  'information_deleted', 'document_uploaded', 'document_edited', 'document_replaced', 'document_deleted',
  'bot_settings_changed', 'fun_fact_added', 'fun_fact_edited', 'fun_fact_deleted', 'help_request_resolved',
  'help_request_reopened', 'data_exported', 'help_request_replied', 'personal_data_revealed',
  'data_retention_purged', 'personal_data_erased', 'site_added', 'site_cancelled', 'site_deleted', 'site_synced',
  'site_sync_schedule_changed', 'integration_key_created', 'integration_key_scopes_changed',
  'integration_key_revoked', 'integration_key_refused', 'second_factor_enrolled', 'second_factor_removed',
  'second_factor_reset', 'second_factor_code_refused', 'recovery_code_used', 'recovery_codes_renewed',
  'second_factor_policy_changed', 'chunk_excluded', 'chunk_included', 'weekly_report_offer_changed',
  'weekly_report_subscribed', 'weekly_report_unsubscribed', 'document_synced', 'document_sync_schedule_changed',
  'session_ended', 'sessions_ended', 'passkey_added', 'passkey_renamed', 'passkey_removed', 'passkey_refused',
  'sso_sign_in_refused', 'sso_user_joined', 'sso_settings_changed', 'webhook_endpoint_created',
  'webhook_endpoint_changed', 'webhook_endpoint_deleted', 'webhook_secret_rotated', 'webhook_redelivered',
  'webhook_test_message_sent'
));
`,
};
