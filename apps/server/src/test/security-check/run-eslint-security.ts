import { runCommand } from './run-command.ts';
import type { StepResult } from './step-result.ts';

export const ESLINT_SECURITY_TARGETS = ['apps/server/src', 'apps/web/src', 'apps/widget/src', 'packages/contract/src'];

interface EslintFile {
  filePath: string;
  messages: { ruleId: string | null; line: number; message: string }[];
}

/** eslint-plugin-security's rules (eslint.security.config.js) over the production code. */
export async function runEslintSecurity(repoRoot: string): Promise<StepResult> {
  const result = await runCommand('npx', ['eslint', '-c', 'eslint.security.config.js', '-f', 'json', ...ESLINT_SECURITY_TARGETS], { cwd: repoRoot, timeoutMs: 600_000 });
  const jsonStart = result.output.indexOf('[');
  let files: EslintFile[];
  try {
    files = JSON.parse(result.output.slice(jsonStart)) as EslintFile[];
  } catch {
    return { tool: 'eslint-plugin-security', outcome: 'failed', summary: `eslint did not answer JSON (exit ${result.exitCode}): ${result.output.slice(0, 500)}`, tried: ESLINT_SECURITY_TARGETS, findings: [] };
  }
  const findings = files.flatMap((file) =>
    file.messages.map((message) => `${file.filePath.replace(`${repoRoot}/`, '')}:${message.line} ${message.ruleId ?? 'eslint'}: ${message.message}`),
  );
  return {
    tool: 'eslint-plugin-security',
    outcome: 'ran',
    summary: `${files.length} files in ${result.seconds} s; every rule of the plugin's recommended set but detect-object-injection (off, reviewed: see docs/security.md); false positives are disabled inline with their reason`,
    tried: [`${files.length} files under ${ESLINT_SECURITY_TARGETS.join(', ')} (tests and test helpers left out)`],
    findings,
  };
}
