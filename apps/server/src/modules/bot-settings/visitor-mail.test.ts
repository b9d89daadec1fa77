import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_DELIVERY_TEXTS } from '@steward/contract/mail-delivery';
import { VISITOR_MAIL_MESSAGES } from '@steward/contract/visitor-mail';
import { sqlRows } from '../../db/sql-rows.ts';
import { botPost } from '../../test/bot-test-support.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 58: mails to visitors come from the team's name with the reply-to address staff set, never from "Steward". */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const outbox = () => path.join(testApp.config.dataDir, 'outbox');

/** Sends every queued mail (no SMTP_URL: into DATA_DIR/outbox) and answers the newest one to `to`, as a mail reader parses it. */
async function deliveredTo(to: string): Promise<ParsedMail> {
  await runAllJobs(testApp);
  const mails = await Promise.all(fs.readdirSync(outbox()).sort().map((file) => simpleParser(fs.readFileSync(path.join(outbox(), file)))));
  const mail = mails.filter((parsed) => (parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '') === to).at(-1);
  if (!mail) throw new Error(`No mail to ${to} in the outbox.`);
  return mail;
}

let asked = 0;
async function replyToNewHelpRequest(message = 'Where is my order?') {
  asked += 1;
  const email = `visitor${asked}@example.com`;
  const created = await botPost(testApp, '/api/bot/help-requests', { name: `Visitor ${asked}`, email, message });
  const id = created.body.data?.rows[0]?.id as number;
  const { client } = await testApp.signedInClient('viewer', { name: 'Vera Viewer' });
  const answer = await client.post(`/api/help-requests/${id}/reply`, { message: 'It ships tomorrow.' });
  expect(answer.status).toBe(200);
  return { email, answer };
}

describe('GET and POST /api/visitor-mail', () => {
  it('answers signed-in staff what is saved, the name used meanwhile, the sending address and how mail leaves; nobody else', async () => {
    expect((await testApp.client().get('/api/visitor-mail')).status).toBe(401);
    const { client } = await testApp.signedInClient('viewer');
    const answer = await client.get('/api/visitor-mail');
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows[0]).toEqual({
      sender_name: '',
      reply_to: '',
      default_sender_name: 'Chat with us',
      from_address: 'no-reply@127.0.0.1',
      delivery: 'outbox',
      outbox_folder: outbox(),
    });
  });

  it.each([
    [{ sender_name: '', reply_to: 'support@acme.example, thief@evil.example' }, VISITOR_MAIL_MESSAGES.replyToInvalid],
    [{ sender_name: '', reply_to: 'Support <support@acme.example>' }, VISITOR_MAIL_MESSAGES.replyToInvalid],
    [{ sender_name: '', reply_to: 'not an address' }, VISITOR_MAIL_MESSAGES.replyToInvalid],
    [{ sender_name: 'x'.repeat(81), reply_to: '' }, VISITOR_MAIL_MESSAGES.senderNameTooLong],
  ])('refuses %j with a clear 400, saving nothing', async (visitorMail, message) => {
    const { client } = await testApp.signedInClient('admin');
    const answer = await client.post('/api/visitor-mail', { visitor_mail: visitorMail });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(message);
    expect((await client.get('/api/visitor-mail')).body.data?.rows[0]).toMatchObject({ sender_name: '', reply_to: '' });
  });

  it('is saved by holders of update_bot_settings only, audited without the address', async () => {
    const { client: viewer } = await testApp.signedInClient('viewer');
    expect((await viewer.post('/api/visitor-mail', { visitor_mail: { sender_name: 'Nope', reply_to: '' } })).status).toBe(403);
    const { client } = await testApp.signedInClient('admin');
    expect((await client.post('/api/visitor-mail', { visitor_mail: { sender_name: '  Acme\u200B Support  ', reply_to: ' help@acme.example ' } })).status).toBe(200);
    expect((await viewer.get('/api/visitor-mail')).body.data?.rows[0]).toMatchObject({ sender_name: 'Acme Support', reply_to: 'help@acme.example' });
    const [entry] = await sqlRows<{ details: Record<string, unknown> }>(testApp.db, sql`SELECT details FROM audit_log WHERE action = 'bot_settings_changed' ORDER BY id DESC LIMIT 1`);
    expect(entry?.details).toEqual({ visitorMailSenderName: 'Acme Support', visitorMailReplyTo: true });
    expect((await client.post('/api/visitor-mail', { visitor_mail: { sender_name: '', reply_to: '' } })).status).toBe(200);
  });
});

describe('a reply to a help request, as the visitor receives it', () => {
  it('comes from the chat widget\'s title while no name is saved, without a Reply-To, and says nothing of Steward', async () => {
    const { email, answer } = await replyToNewHelpRequest('Where is my order?\nIt was due on Monday.');
    expect(answer.body.data?.rows[0]).toMatchObject({ delivery: 'outbox', outbox_folder: outbox() });
    const mail = await deliveredTo(email);
    expect(mail.from?.text).toBe('"Chat with us" <no-reply@127.0.0.1>');
    expect(mail.replyTo).toBeUndefined();
    expect(mail.subject).toBe('Re: Where is my order?');
    expect(mail.text).toContain('Vera Viewer, Chat with us');
    expect(`${mail.from?.text ?? ''} ${mail.subject ?? ''} ${mail.text ?? ''}`).not.toContain('Steward');
  });

  it('comes from the saved name (quoted whole, commas and accents kept) with the saved Reply-To; staff mail keeps MAIL_FROM', async () => {
    const { client } = await testApp.signedInClient('admin');
    expect((await client.post('/api/visitor-mail', { visitor_mail: { sender_name: 'Café Acme, Support', reply_to: 'support@acme.example' } })).status).toBe(200);
    try {
      const { email } = await replyToNewHelpRequest();
      const mail = await deliveredTo(email);
      expect(mail.from?.value).toEqual([{ name: 'Café Acme, Support', address: 'no-reply@127.0.0.1' }]);
      expect(mail.replyTo?.value).toEqual([{ name: '', address: 'support@acme.example' }]);
      expect(mail.text).toContain('Vera Viewer, Café Acme, Support');

      expect((await client.post('/api/add-user', { name: 'Stan Staff', email: 'stan@example.com', role: 'viewer' })).status).toBe(200);
      const invitation = await deliveredTo('stan@example.com');
      expect(invitation.from?.text).toBe('"Steward" <no-reply@127.0.0.1>');
      expect(invitation.replyTo).toBeUndefined();
    } finally {
      await client.post('/api/visitor-mail', { visitor_mail: { sender_name: '', reply_to: '' } });
    }
  });

  it('says in its answer that it went through the mail server when SMTP_URL is set', async () => {
    // Nothing listens there: the reply is only queued by the call, so the answer tells how it will travel.
    const withSmtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const created = await botPost(withSmtp, '/api/bot/help-requests', { name: 'Sam Smtp', email: 'sam@example.com', message: 'Hello?' });
      const { client } = await withSmtp.signedInClient('viewer');
      const answer = await client.post(`/api/help-requests/${created.body.data?.rows[0]?.id as number}/reply`, { message: 'Hi Sam.' });
      expect(answer.body.data?.rows[0]).toMatchObject({ delivery: 'smtp' });
      expect(answer.body.data?.rows[0]).not.toHaveProperty('outbox_folder');
      expect((await client.get('/api/visitor-mail')).body.data?.rows[0]).toMatchObject({ delivery: 'smtp' });
    } finally {
      await withSmtp.close();
    }
  });
});

it('the outbox notice names the folder and how to set up SMTP', () => {
  expect(MAIL_DELIVERY_TEXTS.outbox('the reply', '/srv/steward/data/outbox')).toBe(
    'No mail server is set up (SMTP_URL), so the reply was written to the outbox folder on the server: /srv/steward/data/outbox',
  );
  expect(MAIL_DELIVERY_TEXTS.configure).toContain('SMTP_URL');
});
