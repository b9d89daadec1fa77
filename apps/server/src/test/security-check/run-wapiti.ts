import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCommand } from './run-command.ts';
import type { ScanTarget } from './scan-target.ts';
import type { StepResult } from './step-result.ts';

/**
 * The modules run: injection (sql, xss, permanentxss, exec, file, crlf), open redirects, CSRF, HTTP
 * methods, and the header, CSP and cookie checks. Left out: ssrf and xxe (they call an endpoint on the
 * internet), blindsql (time-based, slow), and the brute-force modules (nikto, buster, backup).
 */
export const WAPITI_MODULES = 'sql,xss,permanentxss,exec,file,crlf,redirect,csrf,methods,csp,http_headers,cookieflags';
export const WAPITI_MAX_SCAN_SECONDS = 300;

/**
 * Reported by wapiti but not a problem, with the reason. Matched against "category: info".
 */
export const WAPITI_ACCEPTED: { pattern: RegExp; reason: string }[] = [
  {
    pattern: /X-XSS-Protection/i,
    reason: 'helmet sends `X-XSS-Protection: 0` on purpose: the old filter is gone from browsers and could be abused; the CSP is the protection.',
  },
  {
    pattern: /Strict-Transport-Security|HSTS/i,
    reason: 'the scan runs over http on loopback; HSTS is sent when PUBLIC_URL is https (security-headers.test.ts checks it).',
  },
  {
    pattern: /Secure Flag cookie/i,
    reason: 'the scan runs over http; the session cookie is Secure when PUBLIC_URL is https (advisory-csrf-sessions.test.ts checks it).',
  },
];

interface WapitiReport {
  vulnerabilities?: Record<string, { info?: string; path?: string; method?: string; parameter?: string }[]>;
  anomalies?: Record<string, { info?: string; path?: string }[]>;
}

/** A wapiti crawl of the dashboard (and the API's GET calls as start points), signed in as the demo administrator. */
export async function runWapiti(target: ScanTarget): Promise<StepResult> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-wapiti-'));
  const reportFile = path.join(workDir, 'report.json');
  const { url, ids } = target;
  const startPoints = [
    '/', '/home', '/history', '/feedback', '/help-requests', '/documents', '/inform-the-bot', '/user-accounts', '/bot-settings', '/integrations', '/search/order/page/1',
    '/api/users/0', `/api/user/${ids.userId}`, '/api/all-help-requests/0/pending', `/api/help-requests/${ids.helpRequestId}`,
    '/api/all-history/0', `/api/history/${encodeURIComponent(ids.historySessionId)}`, '/api/all-feedback/0/down',
    `/api/feedback/${ids.feedbackId}`, '/api/inform-the-bot/0', '/api/documents/0', '/api/fun-facts', '/api/bot-settings', '/api/integration-keys',
    `/documents/${ids.documentId}/chunks`, `/api/documents/${ids.documentId}/chunks`, `/api/documents/${ids.documentId}/chunks/0?search=order`,
  ].map((pathname) => `${url}${pathname}`);
  try {
    // Every wapiti module is built at start-up, and the wapp module downloads a database from the
    // internet unless one is there: an empty one keeps the scan on loopback (wapp is not run).
    fs.mkdirSync(path.join(workDir, 'config'), { recursive: true });
    fs.writeFileSync(path.join(workDir, 'config', 'apps.json'), '{}');
    const args = [
      '-u', `${url}/`,
      '--scope', 'folder',
      '-m', WAPITI_MODULES,
      '-H', `Cookie: ${target.cookie}`,
      ...startPoints.flatMap((start) => ['-s', start]),
      // No `-x` for /api/logout: wapiti 3.0.4's exclusion pattern breaks on Python 3.11. Nothing links to it.
      '--max-scan-time', String(WAPITI_MAX_SCAN_SECONDS),
      '--max-attack-time', '60',
      '-d', '3',
      '--flush-session',
      '--store-session', path.join(workDir, 'session'),
      '--store-config', path.join(workDir, 'config'),
      '--no-bugreport',
      '-v', '1',
      '-f', 'json',
      '-o', reportFile,
    ];
    process.stdout.write(`  wapiti ${url}/ (${startPoints.length} start points)\n`);
    const result = await runCommand('wapiti', args, { timeoutMs: (WAPITI_MAX_SCAN_SECONDS + 120) * 1000 });
    if (!fs.existsSync(reportFile)) {
      return { tool: 'wapiti', outcome: 'failed', summary: `wapiti wrote no report (exit ${result.exitCode}): ${result.output.split('\n').slice(-5).join(' ')}`, tried: startPoints, findings: [] };
    }
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as WapitiReport;
    const findings: string[] = [];
    const accepted: string[] = [];
    for (const [kind, groups] of [['vulnerability', report.vulnerabilities], ['anomaly', report.anomalies]] as const) {
      for (const [category, items] of Object.entries(groups ?? {})) {
        for (const item of items) {
          const line = `${kind} ${category}: ${item.info ?? ''} (${item.path ?? ''})`;
          const reason = WAPITI_ACCEPTED.find((rule) => rule.pattern.test(`${category}: ${item.info ?? ''}`))?.reason;
          if (reason) accepted.push(`${line}: ${reason}`);
          else findings.push(line);
        }
      }
    }
    const crawled = [...new Set([...result.output.matchAll(/\[\+\] (GET|POST) (\S+)/g)].map((match) => `${match[1]} ${match[2]}`))];
    return {
      tool: 'wapiti',
      outcome: 'ran',
      summary: `modules ${WAPITI_MODULES}; ${result.seconds} s (at most ${WAPITI_MAX_SCAN_SECONDS} s of scanning)`,
      tried: [`start points: ${startPoints.join(', ')}`, ...(crawled.length > 0 ? [`crawled: ${crawled.join(', ')}`] : [])],
      findings,
      accepted,
    };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
