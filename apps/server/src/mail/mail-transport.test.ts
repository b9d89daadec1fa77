import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readConfig } from '../config.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { runNextJob } from '../jobs/job-queue.ts';
import { invitationMail } from './account-mails.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { createMailTransport } from './mail-transport.ts';

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

describe('mail over SMTP (SMTP_URL)', () => {
  const smtp = startSmtpSink();
  let testApp: TestApp;
  beforeAll(async () => {
    const port = await smtp.listening;
    testApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Steward <dashboard@example.com>' });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  it('delivers the invitation of POST /api/add-user through the queue, as text and HTML', async () => {
    const { client } = await testApp.signedInClient('admin');
    expect((await client.post('/api/add-user', { name: 'Mia Mail', email: 'mia@example.com', role: 'viewer' })).status).toBe(200);
    expect(await runNextJob(testApp.db, testApp.context.jobHandlers, testApp.app.log)).toBe(true);
    const mail = smtp.received.at(-1);
    expect(mail?.from?.text).toBe('"Steward" <dashboard@example.com>');
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('mia@example.com');
    expect(mail?.subject).toBe('You are invited to the Steward Owner Dashboard');
    expect(mail?.text).toMatch(/Register: http:\/\/127\.0\.0\.1:3000\/register\/[A-Za-z0-9_-]{43}/);
    expect(mail?.html || '').toMatch(/<a href="http:\/\/127\.0\.0\.1:3000\/register\/[A-Za-z0-9_-]{43}">Register<\/a>/);
  });

  it('keeps a refused mail queued for a retry, while the user action still succeeded', async () => {
    smtp.state.refuse = true;
    try {
      const { client } = await testApp.signedInClient('admin');
      const answer = await client.post('/api/add-user', { name: 'Rob Retry', email: 'rob@example.com', role: 'viewer' });
      // The user action succeeded, and says the invitation goes through the mail server.
      expect(answer.body).toEqual({ success: true, data: { rows: [{ delivery: 'smtp' }] } });
      const before = smtp.received.length;
      await runNextJob(testApp.db, testApp.context.jobHandlers, quietLog);
      expect(smtp.received.length).toBe(before);
      const jobs = await sqlRows<{ status: string; attempts: number; last_error: string }>(testApp.db, sql`
        SELECT status, attempts, last_error FROM jobs WHERE queue = 'mail' AND payload->>'to' = 'rob@example.com'`);
      expect(jobs[0]).toMatchObject({ status: 'queued', attempts: 1 });
      expect(jobs[0]?.last_error).toContain('Mailbox unavailable');
    } finally {
      smtp.state.refuse = false;
    }
  });
});

describe('mail without SMTP_URL (the outbox)', () => {
  it('writes each mail as an .eml file in DATA_DIR/outbox and logs its links with their keys redacted', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-outbox-'));
    try {
      const config = readConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://dash.example.com' });
      const logged: string[] = [];
      const log = { info: (_details: unknown, line: string) => logged.push(line) } as unknown as FastifyBaseLogger;
      const link = 'https://dash.example.com/register/abc';
      await createMailTransport(config, log).send(
        invitationMail({ to: 'olive@example.com', name: 'Olive', assistantName: 'Steward', link, invitedBy: null }),
      );
      const outbox = path.join(dataDir, 'outbox');
      const files = fs.readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const mail = await simpleParser(fs.readFileSync(path.join(outbox, files[0] ?? '')));
      expect(mail.subject).toBe('You are invited to the Steward Owner Dashboard');
      expect(mail.text).toContain(`Register: ${link}`);
      expect(mail.html || '').toContain(`<a href="${link}">Register</a>`);
      expect(logged.join('\n')).toContain('https://dash.example.com/register/[redacted]');
      expect(logged.join('\n')).not.toContain(link);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
