import type { Migration } from './migration.ts';

/**
 * The audit log of staff actions (issue 14, docs/audit-log.md), and the read_audit_log capability
 * for the administrator role (as 0001 seeded the others). Append-only: a trigger refuses UPDATE,
 * TRUNCATE and DELETE, except the retention purge's DELETE of rows older than the cut-off it
 * sets for its own transaction (`steward.audit_purge_before`), and never younger than a day.
 * No foreign key to users: an account's deletion must neither rewrite nor remove its entries.
 */
export const auditLog: Migration = {
  name: '0700-audit-log',
  sql: /* sql */ `
INSERT INTO role_capabilities (role, capability) VALUES ('admin', 'read_audit_log') ON CONFLICT DO NOTHING;

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  time timestamptz NOT NULL DEFAULT now(),
  actor_id integer,
  actor_name text,
  actor_email text,
  action text NOT NULL CHECK (action IN (
    'sign_in', 'sign_in_failed', 'sign_out', 'user_invited', 'user_registered', 'password_reset',
    'password_changed', 'user_deleted', 'information_created', 'information_edited', 'information_approved',
    'information_deleted', 'document_uploaded', 'document_edited', 'document_replaced', 'document_deleted',
    'bot_settings_changed', 'fun_fact_added', 'fun_fact_edited', 'fun_fact_deleted', 'help_request_resolved',
    'help_request_reopened', 'data_exported'
  )),
  object_type text CHECK (object_type IN (
    'user', 'invitation', 'information', 'document', 'help_request', 'feedback', 'bot_settings', 'fun_fact', 'export'
  )),
  object_id integer,
  object_label text NOT NULL DEFAULT '',
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_time_idx ON audit_log (time DESC, id DESC);
CREATE INDEX audit_log_actor_time_idx ON audit_log (actor_id, time DESC, id DESC);
CREATE INDEX audit_log_action_time_idx ON audit_log (action, time DESC, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  purge_before timestamptz := nullif(current_setting('steward.audit_purge_before', true), '')::timestamptz;
BEGIN
  IF TG_OP = 'DELETE' AND purge_before IS NOT NULL AND purge_before <= now() - interval '1 day' AND OLD.time < purge_before THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'The audit log is append-only: % is not allowed.', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
`,
};
