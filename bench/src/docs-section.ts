/** `--write`: the bench's and the evaluation's tables go into docs/operations.md between their markers, and nowhere else. Pure. */

export const SECTION_START = '<!-- bench:start -->';
export const SECTION_END = '<!-- bench:end -->';
/** The markers around a section: the bench's unless others are given. */
export interface SectionMarkers {
  start: string;
  end: string;
}
export const BENCH_MARKERS: SectionMarkers = { start: SECTION_START, end: SECTION_END };
export const EVAL_MARKERS: SectionMarkers = { start: '<!-- eval:start -->', end: '<!-- eval:end -->' };

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
export function replaceMarkedSection(document: string, section: string, markers: SectionMarkers = BENCH_MARKERS): string {
  const start = document.indexOf(markers.start);
  const end = document.indexOf(markers.end);
  if (start < 0 || end < 0 || end < start) {
    throw new Error(`docs/operations.md needs ${markers.start} and then ${markers.end} around its section.`);
  }
  if (document.indexOf(markers.start, start + 1) >= 0 || document.indexOf(markers.end, end + 1) >= 0) {
    throw new Error(`docs/operations.md holds the markers ${markers.start} more than once.`);
  }
  return `${document.slice(0, start + markers.start.length)}\n${section.trim()}\n${document.slice(end)}`;
}

/** The report's headings one level down, so they sit under the docs' own "The table of targets" heading. */
export const demoteHeadings = (markdown: string): string => markdown.replace(/^(#{1,5}) /gm, '#$1 ');
