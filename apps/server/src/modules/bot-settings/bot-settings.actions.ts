import { BOT_SETTINGS_MESSAGES, type FunFactFields, type FunFactRow } from '@steward/contract/bot-settings';
import type { VisitorMailSettings } from '@steward/contract/visitor-mail';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type AuditActor, type AuditObject, recordAudit } from '../audit-log/record-audit.ts';
import { saveBotAppearance as saveBotAppearanceRow } from './bot-appearance.repository.ts';
import { saveBotSetting } from './bot-settings.repository.ts';
import { saveVisitorMailRow } from './visitor-mail.repository.ts';
import { addFunFacts as addFunFactRows, deleteFunFact as deleteFunFactRow, saveFunFact } from './fun-facts.repository.ts';

/** Saves the settings given (the others keep their values) with one audit entry. */
export async function saveBotSettings(
  tx: Db,
  actor: AuditActor,
  { supportMessageThreshold, helpRequestEmails }: { supportMessageThreshold?: number | undefined; helpRequestEmails?: readonly string[] | undefined },
): Promise<void> {
  if (supportMessageThreshold !== undefined) await saveBotSetting(tx, 'supportMessageThreshold', String(supportMessageThreshold));
  if (helpRequestEmails !== undefined) await saveBotSetting(tx, 'helpRequestEmails', JSON.stringify(helpRequestEmails));
  // The threshold as set; of the addresses only how many, so the log holds no list of emails.
  const details = {
    ...(supportMessageThreshold === undefined ? {} : { supportMessageThreshold }),
    ...(helpRequestEmails === undefined ? {} : { helpRequestEmails: helpRequestEmails.length }),
  };
  await recordAudit(tx, actor, { action: 'bot_settings_changed', object: { type: 'bot_settings', id: null, label: 'Bot settings' }, details });
}

/** Saves the bot's look (the widget's title, greeting, accent, suggested questions, "don't know" text, allowed sites), audited. */
export async function saveBotAppearance(tx: Db, actor: AuditActor, appearance: Parameters<typeof saveBotAppearanceRow>[1]): Promise<void> {
  await saveBotAppearanceRow(tx, appearance);
  await recordAudit(tx, actor, {
    action: 'bot_settings_changed',
    object: { type: 'bot_settings', id: null, label: 'Bot settings' },
    details: { appearance: appearance.title, allowedSites: appearance.allowed_sites.length },
  });
}

/** Saves Bot Settings' Mail to visitors, audited with the sender name and whether a reply-to address is set (not the address). */
export async function saveVisitorMail(tx: Db, actor: AuditActor, settings: VisitorMailSettings): Promise<void> {
  await saveVisitorMailRow(tx, settings);
  await recordAudit(tx, actor, {
    action: 'bot_settings_changed',
    object: { type: 'bot_settings', id: null, label: 'Bot settings' },
    details: { visitorMailSenderName: settings.sender_name, visitorMailReplyTo: settings.reply_to !== '' },
  });
}

/** A fun fact as the audit log names it: by its text. */
const funFactObject = (fact: { id: number; fact: string }): AuditObject => ({ type: 'fun_fact', id: fact.id, label: fact.fact });

/** Adds fun facts, one audit entry each. */
export async function addFunFacts(tx: Db, actor: AuditActor, facts: readonly FunFactFields[]): Promise<FunFactRow[]> {
  const added = await addFunFactRows(tx, facts);
  for (const fact of added) await recordAudit(tx, actor, { action: 'fun_fact_added', object: funFactObject(fact) });
  return added;
}

/** New text for a fun fact, audited; 404 when there is no such fact. */
export async function editFunFact(tx: Db, actor: AuditActor, id: number, fields: FunFactFields): Promise<FunFactRow> {
  const fact = await saveFunFact(tx, id, fields);
  if (!fact) throw new HttpError(404, BOT_SETTINGS_MESSAGES.funFactNotFound);
  await recordAudit(tx, actor, { action: 'fun_fact_edited', object: funFactObject(fact) });
  return fact;
}

/** Deletes a fun fact, audited; 404 when there is no such fact. */
export async function deleteFunFact(tx: Db, actor: AuditActor, id: number): Promise<void> {
  const fact = await deleteFunFactRow(tx, id);
  if (!fact) throw new HttpError(404, BOT_SETTINGS_MESSAGES.funFactNotFound);
  await recordAudit(tx, actor, { action: 'fun_fact_deleted', object: funFactObject(fact) });
}
