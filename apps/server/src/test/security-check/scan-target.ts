import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Ids of real rows, so detail calls can be scanned. */
export interface ScanIds {
  userId: number;
  helpRequestId: number;
  feedbackId: number;
  historySessionId: string;
  informTheBotId: number;
  /** One of the demo's documents (the chunk viewer's calls). */
  documentId: number;
  /** A public chat session and one of its answers (the chat's feedback call needs both). */
  chatSessionId: string;
  chatHistoryId: number;
}

/** The built server, on a loopback port, over demo data in a temporary DATA_DIR, with a staff cookie. */
export interface ScanTarget {
  url: string;
  /** `steward_session=…` of the demo administrator. */
  cookie: string;
  botApiKey: string;
  ids: ScanIds;
  /** The server process's id (the probes read its resident memory from /proc). */
  pid: number;
  /** Everything the server wrote to stdout and stderr (its log), as a file. */
  logFile: string;
  /** The server's DATA_DIR (its mail outbox: no SMTP_URL in the check). */
  dataDir: string;
  stop(): Promise<void>;
}

/** The seeded data dir the scan servers run over, one after the other. */
export interface ScanData {
  dataDir: string;
  url: string;
  port: number;
  botApiKey: string;
  remove(): void;
}

export const DEMO_ADMIN = { email: 'admin@demo.steward.example', password: 'Demo-Admin-2026' };
export const DEMO_VIEWER = { email: 'viewer@demo.steward.example', password: 'Demo-Viewer-2026' };
const DEMO_HISTORY_ROWS = '300';

const environment = (data: ScanData, overrides: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: data.dataDir,
  DEMO_DATA_DIR: data.dataDir,
  DEMO_HISTORY_ROWS,
  PORT: String(data.port),
  HOST: '127.0.0.1',
  PUBLIC_URL: data.url,
  BOT_API_KEY: data.botApiKey,
  LOG_LEVEL: 'warn',
  ...overrides,
});

/** Seeds a temporary DATA_DIR with `bench/src/demo.ts` (demo staff, 300 exchanges through the bot API, three documents). */
export async function seedScanData(repoRoot: string): Promise<ScanData> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-security-check-'));
  const port = await freeLoopbackPort();
  const data: ScanData = {
    dataDir,
    port,
    url: `http://127.0.0.1:${port}`,
    botApiKey: randomBytes(24).toString('hex'),
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
  const demo = spawn(process.execPath, ['--import', 'tsx', 'bench/src/demo.ts'], { cwd: repoRoot, env: environment(data, {}), stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    await waitForOutput(demo, 'Steward demo:', 600_000, 'the demo data');
  } finally {
    await stopProcess(demo);
  }
  return data;
}

/**
 * Starts `apps/server/dist/main.js` (run `npm run build` first) over the seeded data, with `overrides` in its
 * environment (a log level, the chat's rate limits), its log written to a file in the data dir.
 */
export async function startScanTarget(repoRoot: string, data: ScanData, overrides: Record<string, string> = {}): Promise<ScanTarget> {
  const { url, botApiKey } = data;
  const logFile = path.join(data.dataDir, `server-${Date.now()}.log`);
  // The check's own file, private as everything Steward writes there (the data-dir probe reads the modes).
  const log = fs.openSync(logFile, 'a', 0o600);
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: repoRoot, env: environment(data, overrides), stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const stop = () => stopProcess(server);
  try {
    await waitForHealth(url, server, logFile);
    const cookie = await signIn(url);
    const ids = await findIds(url, cookie, botApiKey);
    return { url, cookie, botApiKey, ids, pid: server.pid ?? 0, logFile, dataDir: data.dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function waitForOutput(child: ChildProcess, text: string, timeoutMs: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}:\n${seen.slice(-2000)}`)), timeoutMs);
    const onData = (data: Buffer) => {
      seen += data.toString('utf8');
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!seen.includes(text)) reject(new Error(`${what} stopped (exit ${code}) before it was ready:\n${seen.slice(-2000)}`));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, logFile: string): Promise<void> {
  const output = { slice: (from: number) => fs.readFileSync(logFile, 'utf8').slice(from) };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The built server stopped (exit ${server.exitCode}):\n${output.slice(-2000)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The built server did not answer /api/health within 120 s:\n${output.slice(-2000)}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function signIn(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('steward_session='));
  if (!answer.ok || !line) throw new Error(`Signing in as the demo administrator failed (${answer.status}).`);
  return line.split(';')[0] ?? '';
}

type Rows = { data?: { rows?: Record<string, unknown>[] } };

/** Rows of every kind the detail calls read, made through the API as the chatbot and staff make them. */
async function findIds(url: string, cookie: string, botApiKey: string): Promise<ScanIds> {
  const post = async (pathname: string, body: unknown, headers: Record<string, string>): Promise<Record<string, unknown>> => {
    const answer = await fetch(`${url}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const row = ((await answer.json()) as Rows).data?.rows?.[0];
    if (!answer.ok || !row) throw new Error(`Preparing the scan: ${pathname} answered ${answer.status}.`);
    return row;
  };
  const bot = { authorization: `Bearer ${botApiKey}` };
  const historySessionId = `security-check-${Date.now()}`;
  const message = await post('/api/bot/messages', { session_id: historySessionId, user_message: 'Where is my order?', api_response: '<p>On its way.</p>' }, bot);
  const feedback = await post('/api/bot/feedback', { history_id: message.id, rating: 'down', user_feedback: 'Too vague.' }, bot);
  const helpRequest = await post('/api/bot/help-requests', { session_id: historySessionId, name: 'Scan Visitor', email: 'visitor@example.com', message: 'Please call me.' }, bot);
  const item = await post('/api/inform-the-bot', { content: 'Item added by the security check.' }, { cookie });
  const chat = await post('/api/chat/ask', { message: 'Where is my order?' }, {});
  const users = (await (await fetch(`${url}/api/users/0`, { headers: { cookie } })).json()) as Rows;
  const documents = (await (await fetch(`${url}/api/documents/0`, { headers: { cookie } })).json()) as Rows;
  return {
    userId: Number(users.data?.rows?.[0]?.id),
    helpRequestId: Number(helpRequest.id),
    feedbackId: Number(feedback.id),
    historySessionId,
    informTheBotId: Number(item.id),
    documentId: Number(documents.data?.rows?.[0]?.id),
    chatSessionId: String(chat.session_id),
    chatHistoryId: Number(chat.history_id),
  };
}
