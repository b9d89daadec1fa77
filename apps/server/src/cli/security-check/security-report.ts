import type { StepResult } from './step-result.ts';

/** The report as Markdown: one section per tool, what it tried, what it found. */
export function securityReport(steps: StepResult[], notes: string[], startedAt: Date): string {
  const total = steps.reduce((sum, step) => sum + step.findings.length, 0);
  const lines = [
    '# Security check',
    '',
    `Run ${startedAt.toISOString()} by \`npm run check:security\` (docs/security.md explains each tool and its limits).`,
    '',
    `**Findings: ${total}** (target: 0).`,
    '',
    '| Tool | Outcome | Findings | Summary |',
    '| --- | --- | --- | --- |',
    ...steps.map((step) => `| ${step.tool} | ${step.outcome} | ${step.findings.length} | ${step.summary.replaceAll('|', '\\|')} |`),
    '',
  ];
  if (notes.length > 0) lines.push('## Notes', '', ...notes.map((note) => `- ${note}`), '');
  for (const step of steps) {
    lines.push(`## ${step.tool}`, '', `${step.outcome}: ${step.summary}`, '', '### Tried', '', ...step.tried.map((item) => `- ${item}`), '');
    lines.push('### Findings', '', ...(step.findings.length > 0 ? step.findings.map((item) => `- ${item}`) : ['None.']), '');
    if (step.accepted && step.accepted.length > 0) {
      lines.push('### Reported and accepted', '', ...step.accepted.map((item) => `- ${item}`), '');
    }
  }
  return lines.join('\n');
}
