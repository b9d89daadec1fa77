import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCommand } from './run-command.ts';
import type { ScanTarget } from './scan-target.ts';
import type { StepResult } from './step-result.ts';

/** sqlmap's settings, kept modest so the whole scan takes minutes, not hours. */
export const SQLMAP_SETTINGS = {
  level: 1,
  risk: 1,
  /** Boolean-blind, error-based and UNION: time-based and stacked queries are left out for time. */
  technique: 'BEU',
  /** The most one target may take; a target cut off was not fully tested, which is a finding, never a silent skip. */
  secondsPerTarget: 600,
} as const;

interface SqlmapTarget {
  label: string;
  /** `*` marks each path segment to inject into; JSON bodies are injected field by field. */
  url: string;
  data?: unknown;
  bot?: boolean;
  /** A public call: no cookie, as a visitor's browser sends it. */
  anonymous?: boolean;
}

/** Every list, detail and search call, with its path parameters marked. */
export function sqlmapTargets(target: ScanTarget): SqlmapTarget[] {
  const { url, ids } = target;
  const session = encodeURIComponent(ids.historySessionId);
  return [
    { label: 'GET /api/users/{pageIndex}', url: `${url}/api/users/0*` },
    { label: 'GET /api/user/{id}', url: `${url}/api/user/${ids.userId}*` },
    { label: 'GET /api/all-help-requests/{pageIndex}/{status}', url: `${url}/api/all-help-requests/0*/pending*` },
    { label: 'GET /api/help-requests/{id}', url: `${url}/api/help-requests/${ids.helpRequestId}*` },
    { label: 'GET /api/statistics/{period}/{offset}', url: `${url}/api/statistics/Past%20Week*/0*` },
    { label: 'GET /api/inform-the-bot/{pageIndex}', url: `${url}/api/inform-the-bot/0*` },
    { label: 'GET /api/all-history/{pageIndex}', url: `${url}/api/all-history/0*` },
    { label: 'GET /api/history/{sessionId}', url: `${url}/api/history/${session}*` },
    { label: 'GET /api/all-feedback/{pageIndex}/{rating}', url: `${url}/api/all-feedback/0*/down*` },
    { label: 'GET /api/feedback/{id}', url: `${url}/api/feedback/${ids.feedbackId}*` },
    { label: 'GET /api/documents/{pageIndex}', url: `${url}/api/documents/0*` },
    { label: 'POST /api/audit-log/{pageIndex}', url: `${url}/api/audit-log/0*`, data: { from: '2026-01-01', to: '2026-12-31', timezone_offset_hours: 0 } },
    { label: 'POST /api/chat/ask', url: `${url}/api/chat/ask`, data: { message: 'Where is my order?' }, anonymous: true },
    { label: 'POST /api/chat/feedback', url: `${url}/api/chat/feedback`, data: { session_id: ids.chatSessionId, history_id: ids.chatHistoryId, rating: 'up', user_feedback: 'Fine.' }, anonymous: true },
    { label: 'POST /api/chat/help-request', url: `${url}/api/chat/help-request`, data: { name: 'Scan Visitor', email: 'visitor@example.com', message: 'Please call me.' }, anonymous: true },
    { label: 'POST /api/search', url: `${url}/api/search`, data: { search: 'order', limit: 5, page: 0 } },
    { label: 'POST /api/search/history', url: `${url}/api/search/history`, data: { search: 'order', page: 0 } },
    { label: 'POST /api/search/rerank', url: `${url}/api/search/rerank`, data: { query: 'order', results: ['Where is my order?'] } },
    { label: 'POST /api/knowledge/search', url: `${url}/api/knowledge/search`, data: { query: 'order', k: 5 } },
    { label: 'POST /api/knowledge/search (one document)', url: `${url}/api/knowledge/search`, data: { query: 'order', k: 5, document_id: ids.documentId } },
    { label: 'GET /api/documents/{id}/chunks', url: `${url}/api/documents/${ids.documentId}*/chunks` },
    { label: 'GET /api/documents/{id}/chunks/{pageIndex}?search=', url: `${url}/api/documents/${ids.documentId}*/chunks/0*?search=order*` },
    { label: 'POST /api/bot/knowledge/search', url: `${url}/api/bot/knowledge/search`, data: { query: 'order', k: 5 }, bot: true },
  ];
}

/**
 * The target's request as sqlmap starts from it (its `*` markers removed): it must answer 2xx, or sqlmap would
 * only ever see a refusal and test nothing (a rate limit, a wrong body); such a target is a finding.
 */
async function baseline(scan: SqlmapTarget, target: ScanTarget): Promise<number> {
  const headers: Record<string, string> = scan.bot ? { authorization: `Bearer ${target.botApiKey}` } : scan.anonymous ? {} : { cookie: target.cookie };
  const answer = await fetch(scan.url.replaceAll('*', ''), {
    method: scan.data === undefined ? 'GET' : 'POST',
    headers: { ...headers, ...(scan.data === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(scan.data === undefined ? {} : { body: JSON.stringify(scan.data) }),
  });
  await answer.arrayBuffer();
  return answer.status;
}

/** sqlmap over every target; a target it finds injectable, could not reach, or did not finish is a finding. */
export async function runSqlmap(target: ScanTarget): Promise<StepResult> {
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-sqlmap-'));
  const tried: string[] = [];
  const findings: string[] = [];
  const started = Date.now();
  try {
    for (const scan of sqlmapTargets(target)) {
      const status = await baseline(scan, target);
      if (status < 200 || status >= 300) {
        tried.push(`${scan.label}: not scanned, its request answered ${status}`);
        findings.push(`${scan.label}: its request answered ${status} before any injection, so sqlmap could test nothing there`);
        continue;
      }
      const args = [
        '-u', scan.url,
        '--batch',
        `--level=${SQLMAP_SETTINGS.level}`,
        `--risk=${SQLMAP_SETTINGS.risk}`,
        `--technique=${SQLMAP_SETTINGS.technique}`,
        '--timeout=10',
        '--retries=1',
        '--disable-coloring',
        `--output-dir=${outputDir}`,
        ...(scan.bot ? [`--headers=Authorization: Bearer ${target.botApiKey}`] : scan.anonymous ? [] : [`--cookie=${target.cookie}`]),
        ...(scan.data === undefined ? [] : [`--data=${JSON.stringify(scan.data)}`]),
      ];
      process.stdout.write(`  sqlmap ${scan.label}\n`);
      const result = await runCommand('sqlmap', args, { timeoutMs: SQLMAP_SETTINGS.secondsPerTarget * 1000 });
      const parameters = [...new Set([...result.output.matchAll(/testing for SQL injection on [^']*parameter '([^']+)'/g)].map((match) => match[1]))];
      const injectable = /identified the following injection point|is vulnerable\. Do you want/i.test(result.output);
      const note = result.timedOut ? ` (cut off after ${SQLMAP_SETTINGS.secondsPerTarget} s)` : '';
      tried.push(`${scan.label}: parameters ${parameters.length > 0 ? parameters.join(', ') : 'none found'} in ${result.seconds} s${note}`);
      if (injectable) findings.push(`${scan.label}: sqlmap reports an injection point:\n${result.output.split('\n').filter((line) => /Parameter:|Type:|Title:|Payload:/.test(line)).join('\n')}`);
      else if (result.timedOut) findings.push(`${scan.label}: sqlmap did not finish within ${SQLMAP_SETTINGS.secondsPerTarget} s, so the call was not fully tested`);
      else if (parameters.length === 0) findings.push(`${scan.label}: sqlmap found no parameter to test`);
      else if (result.exitCode !== 0) findings.push(`${scan.label}: sqlmap stopped with exit ${result.exitCode}: ${result.output.split('\n').slice(-5).join(' ')}`);
    }
  } finally {
    fs.rmSync(outputDir, { recursive: true, force: true });
  }
  return {
    tool: 'sqlmap',
    outcome: 'ran',
    summary: `${tried.length} targets in ${Math.round((Date.now() - started) / 1000)} s (level ${SQLMAP_SETTINGS.level}, risk ${SQLMAP_SETTINGS.risk}, techniques ${SQLMAP_SETTINGS.technique}, at most ${SQLMAP_SETTINGS.secondsPerTarget} s per target), with the demo administrator's cookie, the bot key, or none for the public chat; the chat's rate limits raised for the scan`,
    tried,
    findings,
  };
}
