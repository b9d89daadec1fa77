/** A heading found on a document's line, and its level (1 outermost). */
export interface Heading {
  text: string;
  level: number;
}

/** Index of a heading line → the heading; null for the lines a heading takes up besides its first. */
export type HeadingLines = Map<number, Heading | null>;

/** A rule across the text: one character repeated, longer than an underline needs to be ("-----…" between a FAQ's entries). */
export const RULE = /^\s*([-=_*~#+])\1{9,}\s*$/;
const SHORT_RULE = /^\s*([-=_*~#+])\1{2,}\s*$/;

/** Whether the line at `index` is a rule: a long one, or a short one that is a paragraph of its own ("********" between ncurses' FAQ entries, Markdown's "***"). */
export function isRuleAt(lines: readonly { text: string; paragraphStart: boolean }[], index: number): boolean {
  const line = lines[index];
  if (!line) return false;
  if (RULE.test(line.text)) return true;
  const next = lines[index + 1];
  return SHORT_RULE.test(line.text) && line.paragraphStart && (next === undefined || next.paragraphStart);
}

/** A line that ends as a question does: "?", or "?!" ("OK, now I know what Debian is... what is Linux?!"), before closing quotes or brackets. */
export const ENDS_AS_QUESTION = /\?!?["'”’)\]]*$/;

/** "2.6. Recovering…", "3 Options", "3.13: How do I get a newline in my prompt?" (the Z shell's FAQ): the numbering's depth is the heading's level. */
const NUMBERED = /^([\d.]{1,20})(:?)\s+\S/;

/**
 * The numbering at a line's start ("2.6.", "3" or "3.13:"), or undefined: digits and single dots, not starting with
 * a dot; one with a colon has two levels or more (a line "1: …" is a list's or a log's).
 */
export function numberingOf(text: string): string | undefined {
  const [, found, colon] = NUMBERED.exec(text) ?? [];
  const numbering = found?.replace(/\.$/, '');
  if (!numbering || (colon && !numbering.includes('.'))) return undefined;
  return /^\d/.test(numbering) && numbering.split('.').every((part) => /^\d{1,4}$/.test(part)) ? numbering : undefined;
}

/** A numbered heading's level is its numbering's depth ("2.6" is 2); another heading's, the level its look gives. */
export function levelOf(text: string, byLook: number): number {
  const numbering = numberingOf(text);
  return numbering ? numbering.split('.').length : byLook;
}

/** How far in a line is set, in characters. */
export const indentOf = (text: string): number => text.length - text.trimStart().length;
