/** What one tool of the security check did, for the report. */
export interface StepResult {
  tool: string;
  /** ran: it ran to its end; skipped: it could not run here (the reason says why); failed: it broke. */
  outcome: 'ran' | 'skipped' | 'failed';
  /** One line: why it was skipped or failed, or how long it took. */
  summary: string;
  /** What it tried: targets, parameters, files. */
  tried: string[];
  /** Problems found (the target is none). */
  findings: string[];
  /** Reported by the tool but judged not to be problems, each with the reason. */
  accepted?: string[];
}
