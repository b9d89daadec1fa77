import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { postgresBinDir } from '@steward/server/test-support';
import type { BuiltServer } from './built-server.ts';
import { signInTo } from './built-server-calls.ts';

/** What the several-instances specs share: the instances' settings, the chatbot's writes, a mail server. */
export const ADMIN = { email: 'several@example.com', password: 'Several-Instances-42', name: 'Sev Eral' };
export const BOT_API_KEY = 'several-instances-bot-key-0123456789';
export const hasPostgres = fs.existsSync(path.join(postgresBinDir(), 'postgres'));
export const skipWithoutPostgres = `No PostgreSQL server binaries in ${postgresBinDir()} (scripts/ensure-postgres.sh installs them).`;

export const scratch = (): string => fs.mkdtempSync(path.join(os.tmpdir(), 'steward-instances-'));
export const environment = (port: number, more: Record<string, string>): Record<string, string> & { DATA_DIR: string } => ({
  PORT: String(port),
  DATA_DIR: path.join(scratch(), 'data'),
  LOG_LEVEL: 'info',
  BOT_API_KEY,
  STEWARD_ADMIN_EMAIL: ADMIN.email,
  STEWARD_ADMIN_PASSWORD: ADMIN.password,
  STEWARD_ADMIN_NAME: ADMIN.name,
  ...more,
});

export const signIn = (server: BuiltServer | { url: string }): Promise<string> => signInTo(server as BuiltServer, ADMIN);

/** One exchange reported by the chatbot, as a call's outcome: the stored id on 200, else the status (0: no answer). */
export async function postMessage(url: string, n: number): Promise<{ status: number; id?: number; body?: unknown }> {
  try {
    const answer = await fetch(`${url}/api/bot/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${BOT_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: `several-${n % 20}`, user_message: `Question ${n}`, api_response: `Answer ${n}` }),
    });
    const body: unknown = await answer.json().catch(() => undefined);
    if (answer.status !== 200) return { status: answer.status, body };
    return { status: 200, id: Number((body as { data: { rows: { id: number }[] } }).data.rows[0]?.id) };
  } catch {
    return { status: 0 };
  }
}

/** One exchange reported by the chatbot; answers its id, or undefined when the call failed (the instance died). */
export const reportMessage = async (server: BuiltServer, n: number): Promise<number | undefined> => (await postMessage(server.url, n)).id;

export interface MailServer {
  url: string;
  received: { to: string; messageId: string }[];
  /** Mails whose data arrived and whose answer (250 OK) is not sent yet: the sender does not know they arrived. */
  inFlight: Set<string>;
  close(): Promise<void>;
}

/**
 * A mail server on a loopback port that takes `delayMs` over each mail (as a real one under load does), so an
 * instance can die with a mail in flight; `beforeAnswer`, when given, runs before each answer. It keeps each
 * mail's recipient and Message-ID (a mail counts as received once its data arrived, as a real server queues it).
 */
export async function slowMailServer(delayMs: number, beforeAnswer?: () => Promise<void>): Promise<MailServer> {
  const received: { to: string; messageId: string }[] = [];
  const inFlight = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const entry = { to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '', messageId: mail.messageId ?? '' };
          inFlight.add(entry.to);
          await beforeAnswer?.();
          setTimeout(() => {
            inFlight.delete(entry.to);
            received.push(entry);
            callback();
          }, delayMs);
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return { url: `smtp://127.0.0.1:${port}`, received, inFlight, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
