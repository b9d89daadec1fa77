import { sql, type SQL } from 'drizzle-orm';
import type { PersonalDataRequest, PersonalDataTable } from '@steward/contract/privacy';
import type { Db } from '../../db/client.ts';
import { counted, type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import { countMailsToOrAbout, dropMailsToOrAbout } from '../../mail/mail-queue.ts';
import { deleteFeedbackRows } from '../feedback/feedback.actions.ts';
import { countNotificationsNotMade, deleteHelpRequestRows, dropNotificationsNotMade } from '../help-requests/help-requests.actions.ts';
import { deleteChatSessions, deleteHistoryRows } from '../history/history.actions.ts';

/**
 * What is stored about one visitor, and its erasure (docs/privacy.md, "Answering an access or erasure request").
 * The visitor is named by an email, a chat session id or an IP address; from it come:
 * - the visitor's chat sessions: the one named; those of the help requests with that email and of the
 *   exchanges whose account (sent by the bot) has that email; those of every exchange, rating and help request
 *   from that IP address;
 * - the help requests with that email, from those sessions, or from that IP address (and their replies);
 * - the exchanges (history) and ratings (feedback) of those sessions, or from that IP address;
 * - the mails in the queue (waiting, failed, or sent in the last days the clean-up keeps them) to or about the
 *   email given or those of the help requests found (replies to the visitor, staff notifications quoting the
 *   address: the address whole, never inside another one), and the notifications of the help requests found not
 *   made yet;
 * - beyond these tables (privacy.actions.ts): the outbox mails to or about those emails, and the audit entries that
 *   quote the visitor, redacted.
 */
export interface VisitorData {
  sessionIds: string[];
  helpRequestIds: number[];
  emails: string[];
}

type PersonalDataCounts = Record<VisitorRowTable | 'queuedMails', number>;

/** A list of values as one parameter: the rows of a JSON array (drizzle would spread a JS array into many). */
const textSet = (values: readonly string[]): SQL => sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
const idSet = (values: readonly number[]): SQL => sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::int)`;

const texts = (rows: { value: string | null }[]): string[] => [...new Set(rows.map((row) => row.value).filter((value): value is string => value !== null))];

/** The sessions, help requests and emails of the visitor named. */
export async function findVisitor(db: Db, { kind, value }: PersonalDataRequest): Promise<VisitorData> {
  let sessionIds: string[];
  if (kind === 'sessionId') sessionIds = [value];
  else if (kind === 'email') {
    sessionIds = texts(
      await sqlRows<{ value: string | null }>(
        db,
        sql`SELECT session_id AS value FROM help_requests WHERE lower(email) = lower(${value}) AND session_id IS NOT NULL
          UNION SELECT session_id FROM history WHERE lower(account ->> 'email') = lower(${value}) AND (account ->> 'email') IS NOT NULL`,
      ),
    );
  } else {
    sessionIds = texts(
      await sqlRows<{ value: string | null }>(
        db,
        sql`SELECT session_id AS value FROM history WHERE user_ip = ${value} AND user_ip <> ''
          UNION SELECT session_id FROM feedback WHERE user_ip = ${value} AND user_ip <> ''
          UNION SELECT session_id FROM help_requests WHERE user_ip = ${value} AND user_ip <> '' AND session_id IS NOT NULL`,
      ),
    );
  }
  const byKind = kind === 'email' ? sql`lower(email) = lower(${value})` : kind === 'ip' ? sql`(user_ip = ${value} AND user_ip <> '')` : sql`false`;
  const helpRequests = await sqlRows<{ id: number; email: string }>(
    db,
    sql`SELECT id, email FROM help_requests WHERE ${byKind} OR session_id IN ${textSet(sessionIds)} ORDER BY id`,
  );
  const emails = [...new Set([...(kind === 'email' ? [value] : []), ...helpRequests.map((row) => row.email)].map((email) => email.toLowerCase()))];
  return { sessionIds, helpRequestIds: helpRequests.map((row) => row.id), emails };
}

/** A text that holds one of the addresses whole (exactly, any case: never as a part of another address). */
/** The stores of the database rows that are about the visitor, deleted and counted here (queued mails by their owners). */
export type VisitorRowTable = Exclude<PersonalDataTable, 'outboxMails' | 'auditEntries' | 'queuedMails'>;

/** The rows of a store that are about the visitor, as the WHERE of its statements. */
function matching(table: VisitorRowTable, visitor: VisitorData, request: PersonalDataRequest): SQL {
  const byIp = request.kind === 'ip' ? sql`(user_ip = ${request.value} AND user_ip <> '')` : sql`false`;
  switch (table) {
    case 'history':
      return sql`session_id IN ${textSet(visitor.sessionIds)} OR ${byIp}`;
    case 'feedback':
      return sql`session_id IN ${textSet(visitor.sessionIds)} OR ${byIp}`;
    case 'helpRequests':
      return sql`id IN ${idSet(visitor.helpRequestIds)}`;
    case 'helpRequestReplies':
      return sql`help_request_id IN ${idSet(visitor.helpRequestIds)}`;
    case 'chatSessions':
      return sql`session_id IN ${textSet(visitor.sessionIds)}`;
  }
}

const TABLE_NAMES: Record<VisitorRowTable, SQL> = {
  history: sql`history`,
  feedback: sql`feedback`,
  helpRequests: sql`help_requests`,
  helpRequestReplies: sql`help_request_replies`,
  chatSessions: sql`chat_sessions`,
};

/** How many rows of each store are about the visitor. */
export async function countVisitorData(db: Db, visitor: VisitorData, request: PersonalDataRequest): Promise<PersonalDataCounts> {
  const count = async (table: VisitorRowTable): Promise<number> => {
    const [row] = await sqlRows<{ count: SqlBigint }>(db, sql`SELECT count(*) AS count FROM ${TABLE_NAMES[table]} WHERE ${matching(table, visitor, request)}`);
    return Number(row?.count ?? 0);
  };
  return {
    history: await count('history'),
    feedback: await count('feedback'),
    helpRequests: await count('helpRequests'),
    helpRequestReplies: await count('helpRequestReplies'),
    chatSessions: await count('chatSessions'),
    queuedMails: (await countMailsToOrAbout(db, visitor.emails)) + (await countNotificationsNotMade(db, visitor.helpRequestIds)),
  };
}

/**
 * Deletes every row about the visitor, in the caller's transaction, taking them off the lists' counters.
 * The statistics' rollups keep their counts (they count what happened, not who). Answers what went.
 */
export async function eraseVisitorData(tx: Db, visitor: VisitorData, request: PersonalDataRequest): Promise<PersonalDataCounts> {
  const history = await deleteHistoryRows(tx, matching('history', visitor, request));
  const feedback = await deleteFeedbackRows(tx, matching('feedback', visitor, request));
  // The replies go with their requests (ON DELETE CASCADE): counted first.
  const [replies] = await sqlRows<{ rows: SqlBigint }>(
    tx,
    sql`SELECT count(*) AS rows FROM help_request_replies WHERE ${matching('helpRequestReplies', visitor, request)}`,
  );
  const helpRequests = await deleteHelpRequestRows(tx, matching('helpRequests', visitor, request));

  const queuedMails = (await dropMailsToOrAbout(tx, visitor.emails)) + (await dropNotificationsNotMade(tx, visitor.helpRequestIds));
  return {
    history,
    feedback,
    helpRequests,
    helpRequestReplies: counted(replies?.rows),
    chatSessions: await deleteChatSessions(tx, matching('chatSessions', visitor, request)),
    queuedMails,
  };
}
