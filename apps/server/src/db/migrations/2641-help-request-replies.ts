import type { Migration } from './migration.ts';

/**
 * Staff replies to a help request, mailed to the visitor and kept as the request's thread; the audit log
 * records each as `help_request_replied`.
 */
export const helpRequestReplies: Migration = {
  name: '2641-help-request-replies',
  sql: /* sql */ `
CREATE TABLE help_request_replies (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  help_request_id integer NOT NULL REFERENCES help_requests(id) ON DELETE CASCADE,
  author_id integer REFERENCES users(id) ON DELETE SET NULL,
  author_name text NOT NULL,
  message text NOT NULL,
  time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_request_replies_request_idx ON help_request_replies (help_request_id, time, id);

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN (
  'sign_in', 'sign_in_failed', 'sign_in_alert', 'sign_out', 'user_invited', 'user_registered', 'password_reset',
  'password_changed', 'user_deleted', 'information_created', 'information_edited', 'information_approved',
  'information_deleted', 'document_uploaded', 'document_edited', 'document_replaced', 'document_deleted',
  'bot_settings_changed', 'fun_fact_added', 'fun_fact_edited', 'fun_fact_deleted', 'help_request_resolved',
  'help_request_reopened', 'data_exported', 'help_request_replied'
));
`,
};
