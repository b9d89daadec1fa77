import type { StepResult } from './step-result.ts';

/** Held: it ran and found nothing; finding: it found something; or it was skipped or broke. */
export const verdictOf = (step: StepResult): string =>
  step.outcome === 'ran' ? (step.findings.length === 0 ? 'held' : 'finding') : step.outcome === 'skipped' ? 'not tried' : 'broke';

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
    '| Tool or probe | Outcome | Verdict | Findings | Summary |',
    '| --- | --- | --- | --- | --- |',
    ...steps.map((step) => `| ${step.tool} | ${step.outcome} | ${verdictOf(step)} | ${step.findings.length} | ${step.summary.replaceAll('|', '\\|')} |`),
    '',
  ];
  if (notes.length > 0) lines.push('## Notes', '', ...notes.map((note) => `- ${note}`), '');
  for (const step of steps) {
    lines.push(`## ${step.tool}`, '', `${verdictOf(step)} (${step.outcome}): ${step.summary}`, '', '### Tried', '', ...step.tried.map((item) => `- ${item}`), '');
    lines.push('### Findings', '', ...(step.findings.length > 0 ? step.findings.map((item) => `- ${item}`) : ['None.']), '');
    if (step.accepted && step.accepted.length > 0) {
      lines.push('### Reported and accepted', '', ...step.accepted.map((item) => `- ${item}`), '');
    }
  }
  return lines.join('\n');
}
