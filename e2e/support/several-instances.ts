import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresBinDir, recipientOf, startSmtpSink } from '@steward/server/test-support';
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
  /** Each mail the server has (its data arrived), as its recipient and Message-ID. */
  readonly received: { to: string; messageId: string }[];
  /** Mails whose data arrived and whose answer (250 OK) is not sent yet: the sender does not know they arrived. */
  inFlight: Set<string>;
  close(): Promise<void>;
}

/**
 * A mail server on a loopback port that takes `delayMs` over each answer (as a real one under load does), so an
 * instance can die with a mail in flight; `beforeAnswer`, when given, runs before each answer.
 */
export async function slowMailServer(delayMs: number, beforeAnswer?: () => Promise<void>): Promise<MailServer> {
  const sink = startSmtpSink({ delayMs, ...(beforeAnswer ? { beforeAnswer } : {}) });
  const port = await sink.listening;
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return sink.received.map((mail) => ({ to: recipientOf(mail), messageId: mail.messageId ?? '' }));
    },
    inFlight: sink.inFlight,
    close: sink.close,
  };
}
