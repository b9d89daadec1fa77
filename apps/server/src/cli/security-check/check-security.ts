/**
 * `npm run check:security`: eslint-plugin-security over the production code, the access matrix test,
 * and, where the machine has them (installed from Debian's packages when it can), sqlmap over every
 * list, detail and search call and a wapiti crawl of the dashboard, against the built server on a
 * loopback port with demo data in a temporary DATA_DIR. Report: stdout and test-results/security-report.md.
 * Exits 1 when anything was found or a tool broke. SECURITY_CHECK_SKIP_BUILD=1 uses the existing build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { installScanners } from './install-scanners.ts';
import { runAccessMatrix } from './run-access-matrix.ts';
import { runCommand } from './run-command.ts';
import { runEslintSecurity } from './run-eslint-security.ts';
import { runSqlmap } from './run-sqlmap.ts';
import { runWapiti } from './run-wapiti.ts';
import { startScanTarget } from './scan-target.ts';
import { securityReport } from './security-report.ts';
import type { StepResult } from './step-result.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..', '..');
const startedAt = new Date();
const steps: StepResult[] = [];
const notes: string[] = [];
const say = (line: string) => process.stdout.write(`${line}\n`);

say('Security check: eslint-plugin-security…');
steps.push(await runEslintSecurity(repoRoot));
say('Security check: access matrix…');
steps.push(await runAccessMatrix(repoRoot));

const scanners = await installScanners();
notes.push(...scanners.notes);
const skipped = (tool: string, why: string): StepResult => ({ tool, outcome: 'skipped', summary: why, tried: [], findings: [] });

if (scanners.available.size === 0) {
  steps.push(skipped('sqlmap', 'not installed here'), skipped('wapiti', 'not installed here'));
} else {
  if (process.env.SECURITY_CHECK_SKIP_BUILD !== '1') {
    say('Security check: npm run build…');
    const build = await runCommand('npm', ['run', 'build'], { cwd: repoRoot, timeoutMs: 900_000 });
    if (build.exitCode !== 0) throw new Error(`npm run build failed:\n${build.output.slice(-3000)}`);
  }
  say('Security check: starting the built server over demo data…');
  const target = await startScanTarget(repoRoot);
  notes.push(`Scanned the built server at ${target.url} (loopback) over demo data in a temporary DATA_DIR, removed afterwards.`);
  try {
    say('Security check: sqlmap…');
    steps.push(scanners.available.has('sqlmap') ? await runSqlmap(target) : skipped('sqlmap', 'not installed here'));
    say('Security check: wapiti…');
    steps.push(scanners.available.has('wapiti') ? await runWapiti(target) : skipped('wapiti', 'not installed here'));
  } finally {
    await target.stop();
  }
}

const report = securityReport(steps, notes, startedAt);
fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
fs.writeFileSync(path.join(repoRoot, 'test-results', 'security-report.md'), report);
say('');
say(report);
say('Report written to test-results/security-report.md');
const problems = steps.filter((step) => step.findings.length > 0 || step.outcome === 'failed');
process.exit(problems.length > 0 ? 1 : 0);
