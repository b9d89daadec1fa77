import type { Migration } from './migration.ts';

/**
 * Sign-in throttles (issue 38, docs/security.md): one row per (account, address) pair, or per signed device,
 * with its failures and the time before which it may not try again (growing delays). An attempt is claimed
 * in one statement before its password is checked, so attempts sent at once cannot all be checked.
 * `last_claim_allowed` is what that statement decided, read back with RETURNING.
 * And the audit log's `sign_in_alert`: the account-wide count of failures only alerts (an entry and a mail).
 */
export const loginThrottles: Migration = {
  name: '2300-login-throttles',
  sql: /* sql */ `
CREATE TABLE login_throttles (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  blocked_until timestamptz NOT NULL,
  last_claim_allowed boolean NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX login_throttles_updated_at_idx ON login_throttles (updated_at);

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
  'sign_in', 'sign_in_failed', 'sign_in_alert', 'sign_out', 'user_invited', 'user_registered', 'password_reset',
  'password_changed', 'user_deleted', 'information_created', 'information_edited', 'information_approved',
  'information_deleted', 'document_uploaded', 'document_edited', 'document_replaced', 'document_deleted',
  'bot_settings_changed', 'fun_fact_added', 'fun_fact_edited', 'fun_fact_deleted', 'help_request_resolved',
  'help_request_reopened', 'data_exported'
));
`,
};
