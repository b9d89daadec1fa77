/**
 * `npm run check:security`: eslint-plugin-security over the production code, the access matrix test, the
 * probes of issues 38 and 52 (run-probes.ts lists them), and, where the machine has them (installed from Debian's
 * packages when it can), sqlmap over every list, detail, search, chat and knowledge call and a wapiti crawl of
 * the dashboard, against the built server on a loopback port with demo data in a temporary DATA_DIR. Report: stdout and test-results/security-report.md.
 * Exits 1 when anything was found or a tool broke. SECURITY_CHECK_SKIP_BUILD=1 uses the existing build;
 * SECURITY_CHECK_ONLY=probes runs the probes alone, and SECURITY_CHECK_PROBES=csv,erasure only the probes whose
 * names hold one of those words (while developing; the whole check is what counts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { installScanners } from './install-scanners.ts';
import { runAccessMatrix } from './run-access-matrix.ts';
import { runCommand } from './run-command.ts';
import { runEslintSecurity } from './run-eslint-security.ts';
import { runSqlmap } from './run-sqlmap.ts';
import { runWapiti } from './run-wapiti.ts';
import { loosenDataDir } from './probe-data-dir.ts';
import { runProbes, selectProbes } from './run-probes.ts';
import { seedScanData, startScanTarget } from './scan-target.ts';
import { securityReport } from './security-report.ts';
import type { StepResult } from './step-result.ts';

/** The chat's rate limits for the scanners' server only (see below). */
const SCANNER_LIMITS = { CHAT_RATE_LIMIT_PER_IP: '100000', CHAT_RATE_LIMIT_PER_SESSION: '100000' };

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..', '..');
const startedAt = new Date();
const steps: StepResult[] = [];
const notes: string[] = [];
const say = (line: string) => process.stdout.write(`${line}\n`);
const probesOnly = process.env.SECURITY_CHECK_ONLY === 'probes';
const probes = selectProbes(process.env.SECURITY_CHECK_PROBES);
if (probesOnly || probes.length < selectProbes(undefined).length) notes.push(`Not the whole check: ${probesOnly ? 'the probes alone (SECURITY_CHECK_ONLY=probes)' : 'all tools'}, ${probes.length} probe(s) (${probes.map(([name]) => name).join('; ')}).`);

if (!probesOnly) {
  say('Security check: eslint-plugin-security…');
  steps.push(await runEslintSecurity(repoRoot));
  say('Security check: access matrix…');
  steps.push(await runAccessMatrix(repoRoot));
}

const scanners = probesOnly ? { available: new Set<string>(), notes: [] } : await installScanners();
notes.push(...scanners.notes);
const skipped = (tool: string, why: string): StepResult => ({ tool, outcome: 'skipped', summary: why, tried: [], findings: [] });

if (process.env.SECURITY_CHECK_SKIP_BUILD !== '1') {
  say('Security check: npm run build…');
  const build = await runCommand('npm', ['run', 'build'], { cwd: repoRoot, timeoutMs: 900_000 });
  if (build.exitCode !== 0) throw new Error(`npm run build failed:\n${build.output.slice(-3000)}`);
}
say('Security check: seeding demo data…');
const data = await seedScanData(repoRoot);
try {
  // The probes meet the server as shipped: its own limits, and its access log on (to look for keys in it).
  say('Security check: probes against the built server…');
  // DATA_DIR as an install made before issue 52 left it (readable by other users): the start must repair it.
  const loosened = loosenDataDir(data.dataDir);
  const shipped = await startScanTarget(repoRoot, data, { LOG_LEVEL: 'info' });
  notes.push(`Probed and scanned the built server at ${shipped.url} (loopback) over demo data in a temporary DATA_DIR, removed afterwards; its ${loosened} files and directories were made readable by other users before the probes' start.`);
  try {
    steps.push(...(await runProbes(shipped, probes, say)));
  } finally {
    await shipped.stop();
  }
  if (!probesOnly) {
    // The scanners send thousands of requests: with the chat's per-address limits (30 a minute) they would meet
    // 429s and test nothing there, so their server has those limits raised. Nothing else changes.
    const scanned = await startScanTarget(repoRoot, data, SCANNER_LIMITS);
    notes.push(`sqlmap and wapiti ran against the same data with ${Object.entries(SCANNER_LIMITS).map(([name, value]) => `${name}=${value}`).join(', ')}.`);
    try {
      say('Security check: sqlmap…');
      steps.push(scanners.available.has('sqlmap') ? await runSqlmap(scanned) : skipped('sqlmap', 'not installed here'));
      say('Security check: wapiti…');
      steps.push(scanners.available.has('wapiti') ? await runWapiti(scanned) : skipped('wapiti', 'not installed here'));
    } finally {
      await scanned.stop();
    }
  }
} finally {
  data.remove();
}

const report = securityReport(steps, notes, startedAt);
fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
fs.writeFileSync(path.join(repoRoot, 'test-results', 'security-report.md'), report);
say('');
say(report);
say('Report written to test-results/security-report.md');
const problems = steps.filter((step) => step.findings.length > 0 || step.outcome === 'failed');
process.exit(problems.length > 0 ? 1 : 0);
