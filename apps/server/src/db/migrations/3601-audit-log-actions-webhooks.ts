import type { Migration } from './migration.ts';

/** 3590's list of the audit log's actions and the webhook endpoints' (issue 57): one rewrite of the check, the whole list. */
export const auditLogActionsWebhooks: Migration = {
  name: '3601-audit-log-actions-webhooks',
  sql: /* sql */ `
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
  'webhook_endpoint_created', 'webhook_endpoint_changed', 'webhook_endpoint_deleted', 'webhook_secret_rotated',
  'webhook_redelivered', 'webhook_test_message_sent'
));
`,
};
