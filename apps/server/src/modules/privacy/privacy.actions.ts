import type { PersonalDataCountRow, PersonalDataRequest, RetentionSettings } from '@steward/contract/privacy';
import { PERSONAL_DATA_TABLES } from '@steward/contract/privacy';
import type { Db } from '../../db/client.ts';
import { type AuditActor, recordAudit } from '../audit-log/record-audit.ts';
import { saveRetention } from '../bot-settings/data-retention.repository.ts';
import { countVisitorData, eraseVisitorData, findVisitor } from './personal-data.repository.ts';
import { deleteOutboxMails, findOutboxMailsAbout } from '../../mail/outbox.ts';
import { countEntriesQuotingVisitor, redactEntriesQuotingVisitor } from '../audit-log/audit-erasure.repository.ts';

/** The clean-up as the actor of its audit entry: no account, no address. */
const CLEAN_UP_ACTOR: AuditActor = { id: null, name: 'Clean-up', email: null, ip: '' };

/** What the retention deleted in one clean-up run, per kind. */
export interface RetentionPurgeCounts {
  history: number;
  chatSessions: number;
  feedback: number;
  helpRequests: number;
  auditEntries: number;
  /** How long the deletes took (the bench's retention part reads it). */
  retentionMilliseconds: number;
}

/** One audit entry for a clean-up run that deleted data past its retention, with the counts and its time; none when nothing went. */
export async function recordRetentionPurge(tx: Db, counts: RetentionPurgeCounts): Promise<void> {
  const { history, chatSessions, feedback, helpRequests, auditEntries, retentionMilliseconds } = counts;
  if (history + chatSessions + feedback + helpRequests + auditEntries === 0) return;
  await recordAudit(tx, CLEAN_UP_ACTOR, {
    action: 'data_retention_purged',
    details: { history, chatSessions, feedback, helpRequests, auditEntries, milliseconds: retentionMilliseconds },
  });
}

/** Saves Bot Settings' Data retention, audited with the days saved (null: for ever). */
export async function saveDataRetention(tx: Db, actor: AuditActor, retention: RetentionSettings): Promise<void> {
  await saveRetention(tx, retention);
  await recordAudit(tx, actor, {
    action: 'bot_settings_changed',
    object: { type: 'bot_settings', id: null, label: 'Bot settings' },
    details: {
      retentionHistoryDays: retention.history,
      retentionFeedbackDays: retention.feedback,
      retentionHelpRequestsDays: retention.helpRequests,
      retentionAuditLogDays: retention.auditLog,
    },
  });
}

const asRows = (counts: Record<(typeof PERSONAL_DATA_TABLES)[number], number>): PersonalDataCountRow[] =>
  PERSONAL_DATA_TABLES.map((table) => ({ table, count: counts[table] }));

/** How many rows of each store are about the visitor named, the outbox of `dataDir` and the audit entries quoting them (read only). */
export async function findPersonalData(db: Db, dataDir: string, request: PersonalDataRequest): Promise<PersonalDataCountRow[]> {
  const visitor = await findVisitor(db, request);
  return asRows({
    ...(await countVisitorData(db, visitor, request)),
    outboxMails: (await findOutboxMailsAbout(dataDir, visitor.emails)).length,
    auditEntries: await countEntriesQuotingVisitor(db, visitor),
  });
}

/**
 * Erases everything stored about the visitor named, with one audit entry: who erased, how the visitor was named
 * (email, session id or IP address, not the value itself) and the counts. The database's rows go in one transaction,
 * with the audit entries that quote the visitor redacted (issue 52: "Name: message" labels and session ids stayed);
 * the outbox mails to or about them (files, which no transaction holds) are found before it, so its entry can count
 * them, and deleted after it commits, with any the mail queue wrote meanwhile.
 */
export async function erasePersonalData(db: Db, dataDir: string, actor: AuditActor, request: PersonalDataRequest): Promise<PersonalDataCountRow[]> {
  const outboxMails = await findOutboxMailsAbout(dataDir, (await findVisitor(db, request)).emails);
  const { counts, emails } = await db.transaction(async (tx) => {
    const visitor = await findVisitor(tx, request);
    const erased = { ...(await eraseVisitorData(tx, visitor, request)), outboxMails: outboxMails.length, auditEntries: await redactEntriesQuotingVisitor(tx, visitor) };
    await recordAudit(tx, actor, { action: 'personal_data_erased', details: { namedBy: request.kind, ...erased } });
    return { counts: erased, emails: visitor.emails };
  });
  await deleteOutboxMails(dataDir, [...new Set([...outboxMails, ...(await findOutboxMailsAbout(dataDir, emails))])]);
  return asRows(counts);
}
