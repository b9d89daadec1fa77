import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_PER_ADDRESS, LOGIN_THROTTLE } from '../../modules/auth/login-throttle.ts';
import { readConfig } from '../../config.ts';
import { type RunningServer, startServer } from '../../start-server.ts';
import { scaled } from '../slowdown.ts';

// Advisory class: brute force. Rate limits live in the database (rate_limits), so a restart of the
// server (the way a patient attacker would hope to reset them) does not forgive a single failure.
// This boots the real server twice over one DATA_DIR, as `npm start` would.

const OWNER = { email: 'owner@example.com', password: 'Owner-Pass-123' };
let dataDir: string;
let server: RunningServer | undefined;

const config = () =>
  readConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3000',
    STEWARD_ADMIN_EMAIL: OWNER.email,
    STEWARD_ADMIN_PASSWORD: OWNER.password,
  });

async function restart(): Promise<string> {
  await server?.stop();
  server = await startServer(config());
  return server.url;
}

const login = async (url: string, email: string, password: string) => {
  const answer = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: (await answer.json()) as { error?: { message: string } } };
};

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-brute-force-'));
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('login rate limits survive a restart', () => {
  it(`slows an (account, address) pair after ${LOGIN_THROTTLE.freeFailures + 1} failures, right password included, and still after a restart`, async () => {
    let url = await restart();
    // Fail as a patient attacker would, waiting out each delay, until the pair must wait longer than a restart takes.
    for (let attempt = 0, wait = 0; wait < 16; attempt += 1) {
      const answer = await login(url, OWNER.email, `Wrong-Pass-${attempt}`);
      expect([401, 429]).toContain(answer.status);
      if (answer.status !== 429) continue;
      wait = Number(answer.retryAfter);
      if (wait < 16) await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    }
    const locked = await login(url, OWNER.email, OWNER.password);
    expect(locked.status).toBe(429);
    expect(locked.body.error?.message).toMatch(/^Too many failed login attempts\. Please try again in \d+ (seconds?|minutes?)\.$/);
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);

    url = await restart();
    const afterRestart = await login(url, OWNER.email, OWNER.password);
    expect(afterRestart.status).toBe(429);
    expect(Number(afterRestart.retryAfter)).toBeLessThanOrEqual(LOGIN_THROTTLE.maxDelaySeconds);
  }, scaled(120_000));

  it(`locks an address after ${LOGIN_LIMIT_PER_ADDRESS.limit} failures across accounts, and still after a restart`, async () => {
    let url = await restart();
    // The pair above already counted its checked failures from this address.
    let status = 0;
    for (let attempt = 0; attempt < LOGIN_LIMIT_PER_ADDRESS.limit && status !== 429; attempt += 1) {
      status = (await login(url, `nobody-${attempt}@example.com`, 'Wrong-Pass-1')).status;
    }
    expect(status).toBe(429);
    url = await restart();
    const afterRestart = await login(url, 'someone-new@example.com', 'Any-Pass-1');
    expect(afterRestart.status).toBe(429);
    expect(afterRestart.body.error?.message).toMatch(/^Too many failed login attempts/);
  }, scaled(180_000));
});
