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
}

/** The built server, on a loopback port, over demo data in a temporary DATA_DIR, with a staff cookie. */
export interface ScanTarget {
  url: string;
  /** `steward_session=…` of the demo administrator. */
  cookie: string;
  botApiKey: string;
  ids: ScanIds;
  stop(): Promise<void>;
}

const DEMO_ADMIN = { email: 'admin@demo.steward.example', password: 'Demo-Admin-2026' };
const DEMO_HISTORY_ROWS = '300';

/**
 * Seeds a temporary DATA_DIR with `bench/src/demo.ts` (demo staff, 300 exchanges through the bot API),
 * stops it, and starts `apps/server/dist/main.js` (run `npm run build` first) over the same data.
 */
export async function startScanTarget(repoRoot: string): Promise<ScanTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-security-check-'));
  const port = await freeLoopbackPort();
  const url = `http://127.0.0.1:${port}`;
  const botApiKey = randomBytes(24).toString('hex');
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_DATA_DIR: dataDir,
    DEMO_HISTORY_ROWS,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    BOT_API_KEY: botApiKey,
    LOG_LEVEL: 'warn',
  };
  const demo = spawn(process.execPath, ['--import', 'tsx', 'bench/src/demo.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  await waitForOutput(demo, 'Steward demo:', 600_000, 'the demo data');
  await stopProcess(demo);

  const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = async () => {
    await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, server);
    const cookie = await signIn(url);
    const ids = await findIds(url, cookie, botApiKey);
    return { url, cookie, botApiKey, ids, stop };
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

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  let output = '';
  server.stdout?.on('data', (data: Buffer) => (output += data.toString('utf8')));
  server.stderr?.on('data', (data: Buffer) => (output += data.toString('utf8')));
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
  const users = (await (await fetch(`${url}/api/users/0`, { headers: { cookie } })).json()) as Rows;
  return {
    userId: Number(users.data?.rows?.[0]?.id),
    helpRequestId: Number(helpRequest.id),
    feedbackId: Number(feedback.id),
    historySessionId,
    informTheBotId: Number(item.id),
  };
}
