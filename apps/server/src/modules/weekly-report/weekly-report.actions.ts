import { WEEKLY_REPORT_MESSAGES } from '@steward/contract/weekly-report';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type AuditActor, recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { addSubscription, readWeeklyReportOffer, removeSubscription, saveWeeklyReportOffer } from './weekly-report.repository.ts';

const memberObject = (member: { id: number; name: string }) => ({ type: 'user' as const, id: member.id, label: member.name });

/** An administrator offers the weekly report to the staff, or stops offering it (the opted-in keep their choice, unsent). */
export async function setWeeklyReportOffer(tx: Db, actor: StaffActor, offered: boolean): Promise<void> {
  const previous = await readWeeklyReportOffer(tx);
  if (previous === offered) return;
  await saveWeeklyReportOffer(tx, offered);
  await recordAudit(tx, actor, { action: 'weekly_report_offer_changed', details: { offered, previous } });
}

/** A member opts in (only while it is offered) or out (always) on their own account page. */
export async function setOwnSubscription(tx: Db, actor: StaffActor, subscribed: boolean): Promise<void> {
  if (subscribed && !(await readWeeklyReportOffer(tx))) throw new HttpError(403, WEEKLY_REPORT_MESSAGES.notOffered);
  const changed = subscribed ? await addSubscription(tx, actor.id) : await removeSubscription(tx, actor.id);
  if (changed) await recordAudit(tx, actor, { action: subscribed ? 'weekly_report_subscribed' : 'weekly_report_unsubscribed', object: memberObject(actor), details: { via: 'account' } });
}

/** A mail's unsubscribe link (no session): the member the signed token names, from the address that followed it. */
export async function unsubscribeByLink(tx: Db, member: { id: number; name: string; email: string }, ip: string): Promise<void> {
  const actor: AuditActor = { id: member.id, name: member.name, email: member.email, ip };
  if (await removeSubscription(tx, member.id)) {
    await recordAudit(tx, actor, { action: 'weekly_report_unsubscribed', object: memberObject(member), details: { via: 'unsubscribe_link' } });
  }
}
