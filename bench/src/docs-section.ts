/** `--write`: the bench's table goes into docs/operations.md between two markers, and nowhere else. Pure. */

export const SECTION_START = '<!-- bench:start -->';
export const SECTION_END = '<!-- bench:end -->';

export interface RunContext {
  date: Date;
  /** os.loadavg() when the run started and when it ended (1, 5 and 15 minutes). */
  loadAverageAtStart: readonly number[];
  loadAverageAtEnd: readonly number[];
  nodeVersion: string;
  /** The BENCH_* variables the run was given, as set. */
  environment: Readonly<Record<string, string>>;
}

const loads = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' / ');

/** The lines that say when and where the table was measured. */
export function runContextMarkdown(context: RunContext): string {
  const knobs = Object.entries(context.environment);
  return [
    `Measured ${context.date.toISOString()} with Node ${context.nodeVersion}; load average (1 / 5 / 15 min) ` +
      `${loads(context.loadAverageAtStart)} at the start, ${loads(context.loadAverageAtEnd)} at the end.`,
    `Environment: ${knobs.length > 0 ? knobs.map(([name, value]) => `\`${name}=${value}\``).join(', ') : 'the defaults (no BENCH_* variable set)'}.`,
  ].join('\n');
}

/** The document with the text between the markers replaced (markers kept); throws if the markers are missing or out of order. */
export function replaceMarkedSection(document: string, section: string): string {
  const start = document.indexOf(SECTION_START);
  const end = document.indexOf(SECTION_END);
  if (start < 0 || end < 0 || end < start) {
    throw new Error(`docs/operations.md needs ${SECTION_START} and then ${SECTION_END} around the bench's section.`);
  }
  if (document.indexOf(SECTION_START, start + 1) >= 0 || document.indexOf(SECTION_END, end + 1) >= 0) {
    throw new Error('docs/operations.md holds the bench markers more than once.');
  }
  return `${document.slice(0, start + SECTION_START.length)}\n${section.trim()}\n${document.slice(end)}`;
}

/** The report's headings one level down, so they sit under the docs' own "The table of targets" heading. */
export const demoteHeadings = (markdown: string): string => markdown.replace(/^(#{1,5}) /gm, '#$1 ');
