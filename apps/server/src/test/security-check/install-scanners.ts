import { hasProgram, runCommand } from './run-command.ts';

/**
 * sqlmap and wapiti come from Debian's packages. When they are missing and this runs as root with
 * apt-get, they are installed; otherwise the check says so and skips them.
 * Answers the programs that are there afterwards, and a line per one that is not.
 */
export async function installScanners(): Promise<{ available: Set<string>; notes: string[] }> {
  const wanted = ['sqlmap', 'wapiti'];
  const available = new Set<string>();
  for (const program of wanted) if (await hasProgram(program)) available.add(program);
  const missing = wanted.filter((program) => !available.has(program));
  const notes: string[] = [];
  if (missing.length === 0) return { available, notes };
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !(await hasProgram('apt-get'))) {
    notes.push(`${missing.join(' and ')} not installed, and apt-get cannot install them here (${isRoot ? 'no apt-get' : 'not root'}): install Debian's ${missing.join(' ')} packages to run them.`);
    return { available, notes };
  }
  process.stdout.write(`Installing ${missing.join(' ')} from Debian's packages…\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let install = await runCommand('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env, timeoutMs: 600_000 });
  if (install.exitCode !== 0) {
    await runCommand('apt-get', ['update'], { env, timeoutMs: 300_000 });
    install = await runCommand('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env, timeoutMs: 600_000 });
  }
  for (const program of missing) {
    if (await hasProgram(program)) available.add(program);
    else notes.push(`${program} could not be installed with apt-get (exit ${install.exitCode}): skipped.`);
  }
  return { available, notes };
}
