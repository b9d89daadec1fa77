import { runCommand } from './run-command.ts';
import type { StepResult } from './step-result.ts';

const MATRIX_TEST = 'apps/server/src/test/security/access-matrix.test.ts';

const ESCAPE = String.fromCharCode(27);
/** vitest colours its summary; the counts are read from the plain text. */
const stripColours = (text: string): string => text.split(ESCAPE).map((part, index) => (index === 0 ? part : part.replace(/^\[[0-9;]*m/, ''))).join('');

/** The access matrix test (every route × every kind of caller), as `npm test` runs it. */
export async function runAccessMatrix(repoRoot: string): Promise<StepResult> {
  const result = await runCommand('npx', ['vitest', 'run', '--project', 'server', MATRIX_TEST], { cwd: repoRoot, timeoutMs: 600_000 });
  const plain = stripColours(result.output);
  const counts = /Tests\s+(.*\(\d+\))/.exec(plain)?.[1] ?? 'no count';
  const failed = [...plain.matchAll(/FAIL\s+.*?>\s+(.*)$/gm)].map((match) => match[1] ?? '');
  return {
    tool: 'access matrix',
    outcome: result.exitCode === null ? 'failed' : 'ran',
    summary: `${MATRIX_TEST}: ${counts} in ${result.seconds} s`,
    tried: ['every registered route × anonymous, bot key, viewer, admin, a role with no capabilities, and another user\'s id where the route takes one'],
    findings: result.exitCode === 0 ? [] : failed.length > 0 ? failed : [`vitest exited ${result.exitCode}`],
  };
}
