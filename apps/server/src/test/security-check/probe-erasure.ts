import fs from 'node:fs';
import { botPost, call, mentionsAddress, outboxMails, probe, waitFor } from './probe-calls.ts';
import type { ScanTarget } from './scan-target.ts';
import type { StepResult } from './step-result.ts';

/** A staff address in Bot Settings' help-request notifications while `run` runs, so new help requests are mailed. */
async function withNotificationAddress<T>(target: ScanTarget, run: () => Promise<T>): Promise<T> {
  const settings = (await call(target, 'GET', '/api/bot-settings', { cookie: null })).body.data?.rows ?? [];
  const saved = settings.find((row) => row.type === 'helpRequestEmails')?.value;
  const previous = typeof saved === 'string' ? (JSON.parse(saved) as string[]) : Array.isArray(saved) ? (saved as string[]) : [];
  await call(target, 'POST', '/api/bot-settings', { body: { settings: { helpRequestEmails: ['support-team@demo.steward.example'] } } });
  try {
    return await run();
  } finally {
    await call(target, 'POST', '/api/bot-settings', { body: { settings: { helpRequestEmails: previous } } });
  }
}

/** A visitor's help request in a chat session of their own, a staff reply to it (mailed to them) and its id. */
async function visitorWithReply(target: ScanTarget, visitor: { name: string; email: string; message: string; sessionId: string }): Promise<number> {
  await botPost(target, '/api/bot/messages', { session_id: visitor.sessionId, user_message: visitor.message, api_response: '<p>Let me find someone.</p>', account: { email: visitor.email } });
  const helpRequest = await botPost(target, '/api/bot/help-requests', { session_id: visitor.sessionId, name: visitor.name, email: visitor.email, message: visitor.message });
  const id = Number(helpRequest.id);
  const replied = await call(target, 'POST', `/api/help-requests/${id}/reply`, { body: { message: 'We have found your parcel.' } });
  if (replied.status !== 200) throw new Error(`the reply to help request ${id} answered ${replied.status}`);
  return id;
}

const mailsAbout = (target: ScanTarget, email: string): string[] => [...outboxMails(target)].filter(([, text]) => mentionsAddress(text, email)).map(([file]) => file);

const queuedMailsAbout = async (target: ScanTarget, email: string): Promise<number> => {
  const rows = (await call(target, 'POST', '/api/personal-data/find', { body: { kind: 'email', value: email } })).body.data?.rows ?? [];
  return Number(rows.find((row) => row.table === 'queuedMails')?.count ?? 0);
};

/**
 * An erasure leaves nothing of the visitor behind (issue 52): not in the audit log (a resolved help request's
 * "Name: message", a revealed chat session's id), the outbox or the mail queue, while the entry saying who erased
 * stays; and erasing by email matches the address exactly: another visitor whose address holds it is untouched.
 */
export async function probeErasure(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const tried: string[] = [];
  const findings: string[] = [];
  const stamp = Date.now();
  const visitor = { name: 'Erin Eraseprobe', email: `erin-${stamp}@example.com`, message: `Erin asks where parcel ${stamp} is`, sessionId: `erasure-probe-${stamp}` };
  const other = { name: 'Otto Otherprobe', email: `more-erin-${stamp}@example.com`, message: `Otto asks about parcel ${stamp + 1}`, sessionId: `erasure-probe-other-${stamp}` };

  await withNotificationAddress(target, async () => {
    const helpRequestId = await visitorWithReply(target, visitor);
    await visitorWithReply(target, other);
    await call(target, 'POST', `/api/help-requests/${helpRequestId}/resolve`);
    await call(target, 'POST', '/api/personal-data/reveal', { body: { kind: 'history', session_id: visitor.sessionId } });
    // The reply and the staff notification of each visitor, written by the mail queue.
    await waitFor(() => (mailsAbout(target, visitor.email).length >= 2 && mailsAbout(target, other.email).length >= 2 ? true : undefined), 60);
  });
  const outboxBefore = { visitor: mailsAbout(target, visitor.email).length, other: mailsAbout(target, other.email).length };
  const queuedOtherBefore = await queuedMailsAbout(target, other.email);
  tried.push(
    `made two visitors, ${visitor.email} and ${other.email} (whose address holds the first), each with a help request, a staff reply and a staff notification; resolved the first and revealed its chat session; outbox mails about them: ${outboxBefore.visitor} and ${outboxBefore.other}; queued mails about the second: ${queuedOtherBefore}`,
  );

  const erased = await call(target, 'POST', '/api/personal-data/erase', { body: { kind: 'email', value: visitor.email } });
  tried.push(`erased ${visitor.email}: ${erased.status} ${JSON.stringify(erased.body.data?.rows ?? erased.body.error)}`);
  if (erased.status !== 200) findings.push(`the erasure answered ${erased.status}`);

  const outboxLeft = mailsAbout(target, visitor.email);
  const otherOutbox = mailsAbout(target, other.email).length;
  const queuedOtherAfter = await queuedMailsAbout(target, other.email);
  tried.push(`after: outbox mails about the erased visitor ${outboxLeft.length}, about the other ${otherOutbox}; queued mails about the other ${queuedOtherAfter}`);
  if (outboxLeft.length > 0) findings.push(`${outboxLeft.length} outbox mail(s) still hold the erased visitor's address, e.g. ${outboxLeft[0] ?? ''}`);
  if (otherOutbox < outboxBefore.other) findings.push(`the erasure deleted ${outboxBefore.other - otherOutbox} outbox mail(s) of another visitor whose address holds the erased one`);
  if (queuedOtherAfter < queuedOtherBefore) findings.push(`the erasure deleted ${queuedOtherBefore - queuedOtherAfter} queued mail(s) of another visitor whose address holds the erased one`);

  const entries: Record<string, unknown>[] = [];
  for (let page = 0; page < 4; page += 1) entries.push(...((await call(target, 'POST', `/api/audit-log/${page}`, { body: {} })).body.data?.rows ?? []));
  const traces = [visitor.name, visitor.message, visitor.email, visitor.sessionId];
  const kept = entries.filter((entry) => traces.some((trace) => JSON.stringify(entry).includes(trace)));
  const erasureEntry = entries.find((entry) => entry.action === 'personal_data_erased');
  tried.push(`read the ${entries.length} newest audit entries: ${kept.length} still quote the erased visitor; the erasure's own entry ${erasureEntry ? `names ${String(erasureEntry.actor_name)}` : 'is missing'}`);
  for (const entry of kept.slice(0, 5)) findings.push(`the audit entry ${String(entry.action)} still quotes the erased visitor: ${JSON.stringify(entry.object_label)}`);
  if (!erasureEntry) findings.push('no audit entry says who erased the visitor');
  return probe('probe: erasure leftovers (audit log, outbox, mail queue)', started, tried, findings);
}

/** Outbox mode's log lines hold no visitor data (issue 52): not the address a reply goes to, nor a name quoted in a subject. */
export async function probeOutboxLogLines(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const stamp = Date.now();
  const visitor = { name: 'Lorna Logprobe', email: `lorna-${stamp}@example.com`, message: `Lorna asks about parcel ${stamp}`, sessionId: `outbox-log-probe-${stamp}` };
  await withNotificationAddress(target, async () => {
    await visitorWithReply(target, visitor);
    await waitFor(() => (mailsAbout(target, visitor.email).length >= 2 ? true : undefined), 60);
  });
  const lines = fs.readFileSync(target.logFile, 'utf8').split('\n').filter((line) => line.includes(visitor.email) || line.includes(visitor.name) || line.includes(visitor.message));
  const mails = mailsAbout(target, visitor.email).length;
  const tried = [`a visitor's help request with a staff notification and a staff reply (${mails} outbox mail(s)); read the server's log for their address, name and message`];
  const findings = lines.slice(0, 5).map((line) => `a log line holds the visitor's data: ${line.slice(0, 240)}`);
  if (mails < 2) findings.push(`the mails about the visitor were not written (${mails} of 2 in the outbox)`);
  return probe('probe: outbox log lines', started, tried, findings);
}
