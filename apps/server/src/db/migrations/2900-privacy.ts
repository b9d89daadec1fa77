import type { Migration } from './migration.ts';

/**
 * Issue 43, privacy: retention per kind and erasure on request (docs/privacy.md).
 * - `erase_personal_data` for the administrators (the contract's DEFAULT_ROLE_CAPABILITIES gives it to them).
 * - The audit log records each clean-up run that deleted data past its retention (`data_retention_purged`)
 *   and each erasure (`personal_data_erased`).
 * - Finding a visitor by IP address, by the email of a help request or of the account the bot sent reads indexes, not the whole tables
 *   (a scan of a million history rows holds the embedded database for most of a second).
 */
export const privacy: Migration = {
  name: '2900-privacy',
  sql: /* sql */ `
INSERT INTO role_capabilities (role, capability) VALUES ('admin', 'erase_personal_data') ON CONFLICT DO NOTHING;

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
  'sign_in', 'sign_in_failed', 'sign_in_alert', 'sign_out', 'user_invited', 'user_registered', 'password_reset',
  'password_changed', 'user_deleted', 'information_created', 'information_edited', 'information_approved',
  'information_deleted', 'document_uploaded', 'document_edited', 'document_replaced', 'document_deleted',
  'bot_settings_changed', 'fun_fact_added', 'fun_fact_edited', 'fun_fact_deleted', 'help_request_resolved',
  'help_request_reopened', 'data_exported', 'help_request_replied', 'personal_data_revealed', 'data_retention_purged',
  'personal_data_erased'
));

CREATE INDEX history_user_ip_idx ON history (user_ip) WHERE user_ip <> '';
CREATE INDEX history_account_email_idx ON history (lower(account ->> 'email')) WHERE (account ->> 'email') IS NOT NULL;
CREATE INDEX feedback_user_ip_idx ON feedback (user_ip) WHERE user_ip <> '';
CREATE INDEX feedback_session_idx ON feedback (session_id);
CREATE INDEX help_requests_user_ip_idx ON help_requests (user_ip) WHERE user_ip <> '';
CREATE INDEX help_requests_email_idx ON help_requests (lower(email));
`,
};
