import { spawn } from 'node:child_process';

export interface CommandResult {
  /** null when the command could not start (not installed). */
  exitCode: number | null;
  output: string;
  timedOut: boolean;
  seconds: number;
}

/** Runs a command to its end (or `timeoutMs`), capturing stdout and stderr together. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<CommandResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let timedOut = false;
    const child = spawn(command, args, { env: options.env ?? process.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGTERM');
        }, options.timeoutMs)
      : undefined;
    child.stdout.on('data', (data: Buffer) => chunks.push(data));
    child.stderr.on('data', (data: Buffer) => chunks.push(data));
    const finish = (exitCode: number | null) => {
      clearTimeout(timer);
      resolve({ exitCode, output: Buffer.concat(chunks).toString('utf8'), timedOut, seconds: Math.round((Date.now() - started) / 1000) });
    };
    child.on('error', () => finish(null));
    child.on('close', (code) => finish(code));
  });
}

/** Whether a program is on the PATH. */
export async function hasProgram(name: string): Promise<boolean> {
  return (await runCommand('sh', ['-c', `command -v ${name}`])).exitCode === 0;
}
