import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';

// The headers helmet sets (plugins/security-headers.ts), on an API answer and on the served dashboard page,
// over http and with an https PUBLIC_URL.

function builtDashboard(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-headers-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script src="/theme-before-paint.js"></script><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'theme-before-paint.js'), '');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), '');
  return dir;
}

function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed.set(name.toLowerCase(), values);
  }
  return parsed;
}

function expectBaseHeaders(headers: Headers, label: string): void {
  const csp = directives(headers.get('content-security-policy'));
  expect(csp.get('script-src'), `${label}: script-src`).toEqual(["'self'"]);
  expect(csp.get('default-src'), label).toEqual(["'self'"]);
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(["'self'"]);
  // Issue 52: no image of this server (an <img src="/api/logout"> in an answer) and no form sent anywhere.
  expect(csp.get('img-src'), label).toEqual(['data:', 'https:']);
  expect(csp.get('form-action'), label).toEqual(["'none'"]);
  expect(csp.get('script-src-attr'), label).toEqual(["'none'"]);
  // No inline or evaluated script anywhere in the policy.
  for (const [name, values] of csp) {
    if (name.startsWith('script') || name === 'default-src') {
      expect(values, `${label}: ${name}`).not.toContain("'unsafe-inline'");
      expect(values, `${label}: ${name}`).not.toContain("'unsafe-eval'");
    }
  }
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('referrer-policy'), label).toBe('no-referrer');
  expect(headers.get('x-frame-options'), label).toBe('SAMEORIGIN');
  expect(headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
  expect(headers.get('x-powered-by'), label).toBeNull();
}

describe('over http (PUBLIC_URL http://…)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({}, { webDistDir: builtDashboard() });
  });
  afterAll(() => testApp.close());

  it('sets the security headers on API answers, refusals included, and no HSTS', async () => {
    for (const [label, answer] of [
      ['GET /api/health', await testApp.client().get('/api/health')],
      ['401 /api/authenticate-user', await testApp.client().get('/api/authenticate-user')],
      ['404 /api/nothing', await testApp.client().get('/api/nothing')],
    ] as const) {
      expectBaseHeaders(answer.headers, label);
      expect(answer.headers.get('strict-transport-security'), label).toBeNull();
      expect(directives(answer.headers.get('content-security-policy')).has('upgrade-insecure-requests'), label).toBe(false);
    }
  });

  it('sets them on the dashboard page, its deep links and its scripts', async () => {
    for (const pathname of ['/', '/history', '/user-accounts/1', '/theme-before-paint.js', '/assets/index-abc.js']) {
      const answer = await fetch(`${testApp.baseUrl}${pathname}`);
      await answer.arrayBuffer();
      expect(answer.status, pathname).toBe(200);
      expectBaseHeaders(answer.headers, pathname);
    }
    const page = await fetch(`${testApp.baseUrl}/history`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    // The page has no inline script for the policy to block: every script has a src.
    expect(await page.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
  });
});

describe('the API reference', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('may show its own images and send its own forms: it shows no answer', async () => {
    const page = await fetch(`${testApp.baseUrl}/api/docs/static/index.html`);
    await page.arrayBuffer();
    const csp = directives(page.headers.get('content-security-policy'));
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });
});

describe('over https (PUBLIC_URL https://…)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ PUBLIC_URL: 'https://dashboard.example.com' }, { webDistDir: builtDashboard() });
  });
  afterAll(() => testApp.close());

  it('adds HSTS for a year and upgrade-insecure-requests, on the API and the page', async () => {
    const page = await fetch(`${testApp.baseUrl}/`);
    await page.arrayBuffer();
    for (const answer of [await testApp.client().get('/api/health'), page]) {
      expectBaseHeaders(answer.headers, 'https');
      const hsts = answer.headers.get('strict-transport-security') ?? '';
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
      expect(hsts).toContain('includeSubDomains');
      expect(directives(answer.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
    }
  });
});
