import fs from 'node:fs';
import path from 'node:path';
import type { ScanTarget } from './scan-target.ts';
import type { StepResult } from './step-result.ts';

/** What the probes read of an answer: its status, headers and JSON envelope (empty for a page or a file). */
export type Answer = { status: number; headers: Headers; text: string; body: { success?: boolean; data?: { rows?: Record<string, unknown>[]; total_count?: number }; error?: { message?: string } } };

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** A staff cookie; none (null) for a stranger; the demo administrator's when left out. */
  cookie?: string | null;
}

export async function call(target: ScanTarget, method: string, pathname: string, options: CallOptions = {}): Promise<Answer> {
  const cookie = options.cookie === undefined ? target.cookie : options.cookie;
  const answer = await fetch(`${target.url}${pathname}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await answer.text();
  let body: Answer['body'] = {};
  try {
    body = text ? (JSON.parse(text) as Answer['body']) : {};
  } catch {
    // an HTML page or an exported file: no envelope
  }
  return { status: answer.status, headers: answer.headers, text, body };
}

/** What Chromium sends with the dashboard's own fetch() of a same-origin call, and the header the dashboard adds. */
export const DASHBOARD_FETCH = {
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
  'x-requested-with': 'steward-dashboard',
} as const;

/** What Chromium sends for an `<img src="/api/…">` in a page of the same origin. */
export const SAME_ORIGIN_IMAGE = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' } as const;

/** What Chromium sends when staff click a link to `/api/…` in a page of the same origin. */
export const SAME_ORIGIN_LINK = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' } as const;

export const login = (target: ScanTarget, account: { email: string; password: string }, ip: string, cookie: string | null = null) =>
  call(target, 'POST', '/api/login', { body: account, headers: { 'x-forwarded-for': ip }, cookie });

export const sessionCookieOf = (answer: Answer): string | undefined => answer.headers.getSetCookie().find((line) => line.startsWith('steward_session='))?.split(';')[0];

/** A call of the chatbot's API with its key; answers the row it made. */
export async function botPost(target: ScanTarget, pathname: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await call(target, 'POST', pathname, { body, headers: { authorization: `Bearer ${target.botApiKey}` }, cookie: null });
  const row = answer.body.data?.rows?.[0];
  if (answer.status !== 200 || !row) throw new Error(`${pathname} answered ${answer.status}: ${answer.body.error?.message ?? ''}`);
  return row;
}

/** The server process's resident set, from /proc (Linux), in bytes. */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0);
  return kilobytes * 1024;
}

export const probe = (tool: string, started: number, tried: string[], findings: string[]): StepResult => ({
  tool,
  outcome: 'ran',
  summary: `${findings.length === 0 ? 'held' : `${findings.length} finding(s)`}; ${Math.round((Date.now() - started) / 1000)} s`,
  tried,
  findings,
});

/** Every mail in DATA_DIR/outbox (the check runs without SMTP_URL), by file name, quoted-printable soft breaks undone. */
export function outboxMails(target: ScanTarget): Map<string, string> {
  const outbox = path.join(target.dataDir, 'outbox');
  const mails = new Map<string, string>();
  if (!fs.existsSync(outbox)) return mails;
  for (const file of fs.readdirSync(outbox)) {
    mails.set(file, fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='));
  }
  return mails;
}

/** Waits (250 ms turns) until `ready` answers something, or gives up after `seconds`. */
export async function waitFor<T>(ready: () => T | undefined | Promise<T | undefined>, seconds = 20): Promise<T | undefined> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await ready();
    if (value !== undefined) return value;
    if (Date.now() > deadline) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** An email address as a whole address in a text: `ann@x.com` is not found inside `joann@x.com` or `ann@x.com.au`. */
export function mentionsAddress(text: string, address: string): boolean {
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![A-Za-z0-9._%+-])${escaped}(?![A-Za-z0-9-]|\\.[A-Za-z0-9])`, 'i').test(text);
}

/** How many audit entries there are (of one action, when given), as the Audit Log screen reads them. */
export async function auditTotal(target: ScanTarget, filters: { action?: string } = {}): Promise<number> {
  return Number((await call(target, 'POST', '/api/audit-log/0', { body: filters })).body.data?.total_count ?? 0);
}
