import { FEEDBACK_MESSAGES } from '@steward/contract/feedback';
import { HELP_REQUEST_MESSAGES } from '@steward/contract/help-requests';
import { HISTORY_MESSAGES } from '@steward/contract/history';
import { canViewPersonalData, type StaffMember } from '@steward/contract/permissions';
import type { RevealedPersonalData } from '@steward/contract/personal-data';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type AuditObject, recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { readPersonalDataMasking, savePersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { findFeedbackById } from '../feedback/feedback.repository.ts';
import { findHelpRequest } from '../help-requests/help-requests.repository.ts';
import { wholeSessionRows } from '../history/history.actions.ts';

/** Who exports: a signed-in staff member, or an integration key with the scope `exports`. */
export type Exporter = { kind: 'staff'; member: StaffMember } | { kind: 'integration_key' };

/**
 * Whether an export (History, Feedback, Help Requests; each audited) masks visitors' personal data. For a staff
 * member: only when masking is on and they do not hold view_personal_data (docs/privacy.md); off, exports are whole
 * for everyone allowed to export. For an integration key (scope `exports`): always, whatever the setting: a key holds
 * no view_personal_data and has no personal-data setting of its own, and a webhook endpoint without one gets visitors'
 * data masked too, so the stricter of the two rules holds (docs/integrations.md).
 */
export async function exportMasksPersonalData(db: Db, caller: Exporter): Promise<boolean> {
  if (caller.kind === 'integration_key') return true;
  return !canViewPersonalData(caller.member) && (await readPersonalDataMasking(db));
}

/** What a reveal asks for (the contract's request, as parsed). */
export type RevealTarget = { kind: 'history'; session_id: string } | { kind: 'feedback' | 'help_request'; id: number };

/**
 * Turns the masking of visitors' personal data on or off (Bot Settings, issue 58), audited in the caller's
 * transaction as a bot settings change with the new state (`details.maskPersonalData`).
 */
export async function setPersonalDataMasking(tx: Db, actor: StaffActor, masked: boolean): Promise<void> {
  await savePersonalDataMasking(tx, masked);
  await recordAudit(tx, actor, {
    action: 'bot_settings_changed',
    object: { type: 'bot_settings', id: null, label: 'Bot settings' },
    details: { maskPersonalData: masked },
  });
}

/**
 * One record's personal fields, whole, for a staff member holding view_personal_data (the route's rule), with
 * the audit entry saying who revealed which record (never what it held), in the caller's transaction.
 */
export async function revealPersonalData(tx: Db, actor: StaffActor, target: RevealTarget): Promise<RevealedPersonalData[]> {
  const { rows, object } = await readWhole(tx, target);
  await recordAudit(tx, actor, { action: 'personal_data_revealed', object, details: { kind: target.kind } });
  return rows;
}

async function readWhole(tx: Db, target: RevealTarget): Promise<{ rows: RevealedPersonalData[]; object: AuditObject }> {
  if (target.kind === 'history') {
    const whole = await wholeSessionRows(tx, target.session_id);
    if (whole.length === 0) throw new HttpError(404, HISTORY_MESSAGES.sessionNotFound);
    const rows = whole.map((row) => ({ id: row.id, user_ip: row.user_ip, user_message: row.user_message, account: row.account }));
    return { rows, object: { type: 'chat_session', id: null, label: target.session_id } };
  }
  if (target.kind === 'feedback') {
    const record = await findFeedbackById(tx, target.id);
    if (!record) throw new HttpError(404, FEEDBACK_MESSAGES.notFound);
    const rows = [{ id: record.id, user_ip: record.userIp, user_message: record.userMessage, user_feedback: record.userFeedback }];
    return { rows, object: { type: 'feedback', id: record.id, label: `Feedback ${record.id}` } };
  }
  const helpRequest = await findHelpRequest(tx, target.id);
  if (!helpRequest) throw new HttpError(404, HELP_REQUEST_MESSAGES.notFound);
  const rows = [{ id: helpRequest.id, user_ip: helpRequest.user_ip, email: helpRequest.email, message: helpRequest.message }];
  return { rows, object: { type: 'help_request', id: helpRequest.id, label: `Help request ${helpRequest.id}` } };
}

