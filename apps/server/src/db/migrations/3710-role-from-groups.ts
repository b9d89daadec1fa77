import type { Migration } from './migration.ts';

/**
 * Roles from the single sign-on groups claim on every sign-in (issue 56): which accounts' role is the groups claim's
 * (those that joined from a domain; existing ones too), and the audit action of a role the provider's groups changed.
 * The action check is 3690's list and `user_role_changed`.
 */
export const roleFromGroups: Migration = {
  name: '3710-role-from-groups',
  sql: /* sql */ `
ALTER TABLE users ADD COLUMN role_from_groups boolean NOT NULL DEFAULT false;
UPDATE users SET role_from_groups = true WHERE id IN (
  SELECT object_id FROM audit_log WHERE action = 'sso_user_joined' AND object_type = 'user' AND object_id IS NOT NULL
);

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
  'webhook_test_message_sent', 'user_role_changed'
));
`,
};
