import type { Migration } from './migration.ts';

/**
 * An erasure on request reaches the audit log (issue 52). Entries about a visitor's help request were labelled with
 * its "Name: message", a revealed chat session with its id, and the append-only trigger (migration 0700) let nothing
 * change them, so an erased visitor stayed readable in the log. The trigger now lets an UPDATE through in one case:
 * the transaction has set `steward.audit_erasure` to `on` for itself (the erasure does, nothing else) and the entry
 * keeps who acted, when, from where, what they did and on which object: only its label and details may change.
 * Everything else stays refused; the retention purge's DELETE is as before.
 */
export const auditErasure: Migration = {
  name: '3320-audit-erasure',
  sql: /* sql */ `
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  purge_before timestamptz := nullif(current_setting('steward.audit_purge_before', true), '')::timestamptz;
BEGIN
  IF TG_OP = 'DELETE' AND purge_before IS NOT NULL AND purge_before <= now() - interval '1 day' AND OLD.time < purge_before THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('steward.audit_erasure', true), '') = 'on'
     AND NEW.id = OLD.id AND NEW.time = OLD.time AND NEW.action = OLD.action AND NEW.ip = OLD.ip
     AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id AND NEW.actor_name IS NOT DISTINCT FROM OLD.actor_name
     AND NEW.actor_email IS NOT DISTINCT FROM OLD.actor_email AND NEW.object_type IS NOT DISTINCT FROM OLD.object_type
     AND NEW.object_id IS NOT DISTINCT FROM OLD.object_id THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'The audit log is append-only: % is not allowed.', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
`,
};
