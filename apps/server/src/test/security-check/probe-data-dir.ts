import fs from 'node:fs';
import path from 'node:path';
import { call, outboxMails, probe, waitFor } from './probe-calls.ts';
import { DEMO_ADMIN, type ScanTarget } from './scan-target.ts';
import type { StepResult } from './step-result.ts';

/** Every file and directory under `root` (itself included), with its permission bits; symbolic links are not followed. */
function modesUnder(root: string): { file: string; mode: number; directory: boolean }[] {
  const found: { file: string; mode: number; directory: boolean }[] = [];
  const visit = (file: string) => {
    const stats = fs.lstatSync(file);
    if (stats.isSymbolicLink()) return;
    found.push({ file, mode: stats.mode & 0o777, directory: stats.isDirectory() });
    if (stats.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
  };
  visit(root);
  return found;
}

/**
 * Before the probed server starts, DATA_DIR is left as an install made before issue 52 left it (directories 0755,
 * files 0644, PGlite's own files 0666), so that start must repair it. Answers how many entries it loosened.
 */
export function loosenDataDir(dataDir: string): number {
  const entries = modesUnder(dataDir);
  for (const entry of entries) fs.chmodSync(entry.file, entry.directory ? 0o755 : entry.file.includes(`${path.sep}pglite${path.sep}`) ? 0o666 : 0o644);
  return entries.length;
}

/**
 * The embedded database, the outbox and everything else Steward keeps in DATA_DIR are the server's user's alone
 * (issue 52): after a start over an install whose files other local users could read, and after a new mail, no
 * file or directory may grant anything to the group or to others, and the start says what it repaired.
 */
export async function probeDataDirModes(target: ScanTarget): Promise<StepResult> {
  const started = Date.now();
  const tried: string[] = [];
  const findings: string[] = [];
  const before = new Set(outboxMails(target).keys());
  const asked = await call(target, 'POST', '/api/send-password-reset-email', { body: { email: DEMO_ADMIN.email }, headers: { 'x-forwarded-for': '198.51.100.60' }, cookie: null });
  const mail = await waitFor(() => [...outboxMails(target).keys()].find((file) => !before.has(file)));
  tried.push(`asked a password reset mail (${asked.status}); a new outbox file ${mail ? 'was written' : 'did not appear within 20 s'}`);
  const entries = modesUnder(target.dataDir).filter((entry) => !entry.file.startsWith(path.join(target.dataDir, 'server-')));
  const open = entries.filter((entry) => (entry.mode & 0o077) !== 0);
  const directories = entries.filter((entry) => entry.directory).length;
  tried.push(`read the modes of ${entries.length} entries of DATA_DIR (${directories} directories), which the check had left 0755/0644/0666 before this start`);
  if (open.length > 0) {
    findings.push(`${open.length} of ${entries.length} files and directories in DATA_DIR grant access to other users, e.g.`);
    for (const entry of open.slice(0, 6)) findings.push(`  ${path.relative(target.dataDir, entry.file) || 'DATA_DIR'}: ${entry.mode.toString(8).padStart(4, '0')}`);
  }
  const outbox = path.join(target.dataDir, 'outbox');
  if (mail && (fs.statSync(path.join(outbox, mail)).mode & 0o077) !== 0) findings.push(`a new outbox mail is ${(fs.statSync(path.join(outbox, mail)).mode & 0o777).toString(8)}`);
  const repaired = fs.readFileSync(target.logFile, 'utf8').split('\n').find((line) => /private to the server's user/.test(line));
  tried.push(`the start's log line about the repair: ${repaired ? JSON.stringify(repaired.slice(0, 200)) : 'none'}`);
  if (!repaired) findings.push('the start did not say that it made DATA_DIR private');
  return probe('probe: DATA_DIR file modes', started, tried, findings);
}
