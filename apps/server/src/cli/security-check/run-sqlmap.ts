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
  /** The most one target may take; a target cut off is reported as such. */
  secondsPerTarget: 120,
} as const;

interface SqlmapTarget {
  label: string;
  /** `*` marks each path segment to inject into; JSON bodies are injected field by field. */
  url: string;
  data?: unknown;
  bot?: boolean;
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
    { label: 'POST /api/chat/ask', url: `${url}/api/chat/ask`, data: { message: 'Where is my order?' } },
    { label: 'POST /api/search', url: `${url}/api/search`, data: { search: 'order', limit: 5, page: 0 } },
    { label: 'POST /api/search/history', url: `${url}/api/search/history`, data: { search: 'order', page: 0 } },
    { label: 'POST /api/search/rerank', url: `${url}/api/search/rerank`, data: { query: 'order', results: ['Where is my order?'] } },
    { label: 'POST /api/knowledge/search', url: `${url}/api/knowledge/search`, data: { query: 'order', k: 5 } },
    { label: 'POST /api/bot/knowledge/search', url: `${url}/api/bot/knowledge/search`, data: { query: 'order', k: 5 }, bot: true },
  ];
}

/** sqlmap over every target; a target it finds injectable is a finding. */
export async function runSqlmap(target: ScanTarget): Promise<StepResult> {
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-sqlmap-'));
  const tried: string[] = [];
  const findings: string[] = [];
  const started = Date.now();
  try {
    for (const scan of sqlmapTargets(target)) {
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
        scan.bot ? `--headers=Authorization: Bearer ${target.botApiKey}` : `--cookie=${target.cookie}`,
        ...(scan.data === undefined ? [] : [`--data=${JSON.stringify(scan.data)}`]),
      ];
      process.stdout.write(`  sqlmap ${scan.label}\n`);
      const result = await runCommand('sqlmap', args, { timeoutMs: SQLMAP_SETTINGS.secondsPerTarget * 1000 });
      const parameters = [...new Set([...result.output.matchAll(/testing for SQL injection on [^']*parameter '([^']+)'/g)].map((match) => match[1]))];
      const injectable = /identified the following injection point|is vulnerable\. Do you want/i.test(result.output);
      const note = result.timedOut ? ` (cut off after ${SQLMAP_SETTINGS.secondsPerTarget} s)` : '';
      tried.push(`${scan.label}: parameters ${parameters.length > 0 ? parameters.join(', ') : 'none found'} in ${result.seconds} s${note}`);
      if (injectable) findings.push(`${scan.label}: sqlmap reports an injection point:\n${result.output.split('\n').filter((line) => /Parameter:|Type:|Title:|Payload:/.test(line)).join('\n')}`);
      else if (result.exitCode !== 0 && !result.timedOut) findings.push(`${scan.label}: sqlmap stopped with exit ${result.exitCode}: ${result.output.split('\n').slice(-5).join(' ')}`);
    }
  } finally {
    fs.rmSync(outputDir, { recursive: true, force: true });
  }
  return {
    tool: 'sqlmap',
    outcome: 'ran',
    summary: `${tried.length} targets in ${Math.round((Date.now() - started) / 1000)} s (level ${SQLMAP_SETTINGS.level}, risk ${SQLMAP_SETTINGS.risk}, techniques ${SQLMAP_SETTINGS.technique}, at most ${SQLMAP_SETTINGS.secondsPerTarget} s per target), with the demo administrator's cookie or the bot key`,
    tried,
    findings,
  };
}
