import type { Migration } from './migration.ts';

/**
 * Issue 43, masked unless needed: `view_personal_data` for the administrators (the contract's
 * DEFAULT_ROLE_CAPABILITIES gives it to them), and the audit log's `personal_data_revealed` entries, whose
 * object may be a chat session (docs/privacy.md).
 */
export const personalData: Migration = {
  name: '2800-personal-data',
  sql: /* sql */ `
INSERT INTO role_capabilities (role, capability) VALUES ('admin', 'view_personal_data') ON CONFLICT DO NOTHING;

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
  'sign_in', 'sign_in_failed', 'sign_in_alert', 'sign_out', 'user_invited', 'user_registered', 'password_reset',
  'password_changed', 'user_deleted', 'information_created', 'information_edited', 'information_approved',
  'information_deleted', 'document_uploaded', 'document_edited', 'document_replaced', 'document_deleted',
  'bot_settings_changed', 'fun_fact_added', 'fun_fact_edited', 'fun_fact_deleted', 'help_request_resolved',
  'help_request_reopened', 'data_exported', 'help_request_replied', 'personal_data_revealed'
));
ALTER TABLE audit_log DROP CONSTRAINT audit_log_object_type_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_object_type_check CHECK (object_type IN (
  'user', 'invitation', 'information', 'document', 'help_request', 'feedback', 'bot_settings', 'fun_fact', 'export',
  'chat_session'
));
`,
};
