import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { scaled } from './slowdown.ts';

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '..', '..');
/** What `npm start` runs after `npm run build`. */
export const SERVER_BUNDLE = path.join(REPOSITORY_ROOT, 'apps', 'server', 'dist', 'main.js');

/**
 * The time limit of a test that starts `servers` shipped servers of its own, each on a fresh DATA_DIR (the
 * migrations, the first administrator): a share for each start beside the test's own, stretched like every timeout.
 */
export const ownServersBudget = (servers = 1): number => scaled(30_000 + 30_000 * servers);

export interface BuiltServer {
  url: string;
  /** Everything the process wrote, for failure messages. */
  output(): string;
  /** Waits until the output holds `text` (a log line, say). */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** kill -9: the process ends at once, as in a crash or a power cut. */
  killHard(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the shipped server bundle exactly as a user does: `node apps/server/dist/main.js` with
 * environment variables only, and waits until /api/health answers.
 */
export async function startBuiltServer(environment: Record<string, string>, timeoutMs = scaled(90_000)): Promise<BuiltServer> {
  if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} is missing: run \`npm run build\` first.`);
  const port = environment.PORT ?? '3000';
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + timeoutMs;
  while (!(await isHealthy(url))) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} before answering:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer ${url}/api/health within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => output,
    waitForOutput: async (text, waitMs = scaled(120_000)) => {
      const until = Date.now() + waitMs;
      while (!output.includes(text)) {
        if (child.exitCode !== null) throw new Error(`The server exited before writing "${text}":\n${output}`);
        if (Date.now() > until) throw new Error(`The server did not write "${text}" within ${waitMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    killHard: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: () => stopProcess(child, exited),
  };
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  // A graceful stop takes at most 15 s (requests in flight; a job in hand gets 10 s, meanwhile): allow it.
  const timer = setTimeout(() => child.kill('SIGKILL'), scaled(30_000));
  await exited;
  clearTimeout(timer);
}
