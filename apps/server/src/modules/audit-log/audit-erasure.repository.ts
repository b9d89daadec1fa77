import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bigintArray, textArray } from '../../db/sql-arrays.ts';
import { type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import { wholeAddressPattern } from '../../lib/email-mentions.ts';

/** What an erasure knows of a visitor (privacy/personal-data.repository.ts), as the audit log quotes it. */
export interface VisitorTraces {
  helpRequestIds: readonly number[];
  sessionIds: readonly string[];
  emails: readonly string[];
}

/** What an erased visitor's address becomes in an entry's label and details. */
export const ERASED_ADDRESS = '[erased]';

/**
 * The entries that quote the visitor: those of their help requests (labelled "Name: message"), of their chat
 * sessions (labelled with the session id), and any other that holds their address whole in its label or details
 * (an export's filters, say). Entries about staff accounts (users, invitations) are staff's, never a visitor's.
 */
function quoting(traces: VisitorTraces): SQL {
  const byHelpRequest = sql`(object_type = 'help_request' AND object_id = ANY(${bigintArray(traces.helpRequestIds)}))`;
  const bySession = sql`(object_type = 'chat_session' AND object_label = ANY(${textArray(traces.sessionIds)}))`;
  if (traces.emails.length === 0) return sql`(${byHelpRequest} OR ${bySession})`;
  const pattern = wholeAddressPattern(traces.emails);
  const byAddress = sql`(coalesce(object_type, '') NOT IN ('user', 'invitation') AND (object_label ~* ${pattern} OR details::text ~* ${pattern}))`;
  return sql`(${byHelpRequest} OR ${bySession} OR ${byAddress})`;
}

/** How many audit entries quote the visitor (read only: the Privacy screen's Find). */
export async function countEntriesQuotingVisitor(db: Db, traces: VisitorTraces): Promise<number> {
  const [row] = await sqlRows<{ count: SqlBigint }>(db, sql`SELECT count(*) AS count FROM audit_log WHERE ${quoting(traces)}`);
  return Number(row?.count ?? 0);
}

/**
 * Takes the visitor out of the audit entries that quote them, in the erasure's transaction (issue 52): a help
 * request's label becomes "Help request 12 (visitor's data erased)", a chat session's "Chat session (visitor's data
 * erased)", and their address becomes [erased] wherever else it stands. Who acted, when, from where, what they did
 * and on which object stay: the trigger of migration 3320 lets only this through, and only while the transaction
 * says it erases. Answers how many entries changed.
 */
export async function redactEntriesQuotingVisitor(tx: Db, traces: VisitorTraces): Promise<number> {
  const pattern = traces.emails.length > 0 ? wholeAddressPattern(traces.emails) : undefined;
  const withoutAddress = (text: SQL): SQL => (pattern ? sql`regexp_replace(${text}, ${pattern}, ${ERASED_ADDRESS}, 'gi')` : text);
  await tx.execute(sql`SELECT set_config('steward.audit_erasure', 'on', true)`);
  const [row] = await sqlRows<{ count: SqlBigint }>(
    tx,
    sql`WITH redacted AS (
      UPDATE audit_log SET
        object_label = CASE
          WHEN object_type = 'help_request' AND object_id = ANY(${bigintArray(traces.helpRequestIds)}) THEN 'Help request ' || object_id || ' (visitor''s data erased)'
          WHEN object_type = 'chat_session' AND object_label = ANY(${textArray(traces.sessionIds)}) THEN 'Chat session (visitor''s data erased)'
          ELSE ${withoutAddress(sql`object_label`)} END,
        details = ${withoutAddress(sql`details::text`)}::jsonb
      WHERE ${quoting(traces)}
      RETURNING 1)
    SELECT count(*) AS count FROM redacted`,
  );
  await tx.execute(sql`SELECT set_config('steward.audit_erasure', 'off', true)`);
  return Number(row?.count ?? 0);
}
