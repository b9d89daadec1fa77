import type { SourceLine } from './clean-pages.ts';
import { faqQuestions, QUESTION_LEVEL } from './faq-questions.ts';

/** A paragraph of a section, with the page it starts on. */
export interface SectionParagraph {
  text: string;
  page: number;
}

/** A run of text under one heading path ("2. How to use bzip2" › "2.6. Recovering data from damaged files"). */
export interface DocumentSection {
  headings: string[];
  paragraphs: SectionParagraph[];
}

interface Heading {
  text: string;
  level: number;
}

/** A PDF line this much larger than the body text, and short, is a heading. */
const HEADING_SIZE_RATIO = 1.15;
const MAX_HEADING_CHARACTERS = 150;
/** A text line underlined by one repeated character (Texinfo, reStructuredText, Setext Markdown). */
const UNDERLINE = /^\s*([*=\-~^#+_.])\1{2,}\s*$/;
const MARKDOWN_HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
/** "2.6. Recovering…", "3 Options": the numbering's depth is the heading's level. */
const NUMBERED = /^([\d.]{1,20})\s+\S/;
/** The numbering at a line's start ("2.6." or "3"), or undefined: digits and single dots, not starting with a dot. */
function numberingOf(text: string): string | undefined {
  const numbering = NUMBERED.exec(text)?.[1]?.replace(/\.$/, '');
  return numbering && /^\d/.test(numbering) && numbering.split('.').every((part) => /^\d{1,4}$/.test(part)) ? numbering : undefined;
}
const ENDS_AS_QUESTION = /\?["'”’)\]]*$/;
/** A bullet or an enumerated item starts a paragraph of its own. */
const LIST_ITEM = /^\s*(?:[•‣◦▪∙·*-]\s+|\d{1,2}[.)]\s+\S)/;

/**
 * A document's lines (clean-pages.ts) as sections under their headings. In a PDF a heading is a short line
 * set larger than the body text (the size most of the text is set in); in a text file, a line underlined
 * with one repeated character (its level by the order the underline characters first appear, as
 * reStructuredText does) or a Markdown `#` heading. A numbered heading's level is its numbering's depth. A FAQ's
 * question lines head sections too (faq-questions.ts), below the other headings, and stay in their text: each
 * entry is a section of its own, and a question ends the entry before it.
 * Lines of a paragraph are joined with spaces in a PDF (its line breaks are only layout) and kept in a text
 * file; a word hyphenated at a PDF line's end is joined again.
 */
export function documentSections(lines: readonly SourceLine[]): DocumentSection[] {
  const headingAt = lines.some((line) => line.size !== null) ? pdfHeadings(lines) : textHeadings(lines);
  const questionAt = faqQuestions(lines, (at) => headingAt.has(at));
  for (const [index, question] of questionAt) if (question.underlined) headingAt.set(index + question.lineCount, null);
  const sections: DocumentSection[] = [];
  let path: Heading[] = [];
  let current: DocumentSection | undefined;
  let paragraph: { lines: string[]; page: number } | undefined;
  const joiner = lines.some((line) => line.size !== null) ? ' ' : '\n';
  const endParagraph = () => {
    if (!paragraph) return;
    const text = joinLines(paragraph.lines, joiner);
    if (text.trim() !== '') {
      current ??= { headings: path.map((heading) => heading.text), paragraphs: [] };
      if (!sections.includes(current)) sections.push(current);
      current.paragraphs.push({ text, page: paragraph.page });
    }
    paragraph = undefined;
  };
  lines.forEach((line, index) => {
    const heading = headingAt.get(index);
    if (heading === null) return; // an underline, or a heading's second line
    if (heading) {
      endParagraph();
      path = [...path.filter((outer) => outer.level < heading.level), heading];
      current = undefined;
      return;
    }
    const question = questionAt.get(index);
    if (question) {
      // A FAQ's question heads its entry and stays in its text; it ends the entry (or question heading) before it.
      endParagraph();
      path = [...path.filter((outer) => outer.level < QUESTION_LEVEL && !ENDS_AS_QUESTION.test(outer.text)), { text: question.text, level: QUESTION_LEVEL }];
      current = undefined;
    }
    if (paragraph && (line.paragraphStart || LIST_ITEM.test(line.text))) endParagraph();
    paragraph ??= { lines: [], page: line.page };
    paragraph.lines.push(line.text);
  });
  endParagraph();
  return sections;
}

/**
 * Lines joined into a paragraph; in a PDF, "decompres-" and "sion" make "decompression" again. A word that
 * already holds a hyphen or is an option ("--gen-" and "suppressions=yes", "day-to-" and "day") keeps its
 * hyphen, and an option's dashes left alone at a line's end join the option's name when it is one ("--" and
 * "track-origins=yes"): a typesetter breaks a line at such a hyphen, not inside a word.
 */
function joinLines(lines: readonly string[], joiner: string): string {
  if (joiner === '\n') return lines.join('\n');
  return lines.reduce((text, line) => {
    const next = line.trim();
    if (text === '') return next;
    if (/(?:^|\s)[([‘'"`]*--?$/.test(text) && OPTION_NAME.test(next)) return text + next;
    if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(next)) return HYPHENATED_ALREADY.test(text) ? text + next : text.slice(0, -1) + next;
    return `${text} ${next}`;
  }, '');
}

/** An option's name after its dashes: "track-origins=yes", "xml=yes", "log-file" (a word with a hyphen, "=" or "<"). */
const OPTION_NAME = /^\p{Ll}[\p{L}\p{N}_]*[-=<]/u;
/** A line's last word that was a compound or an option before its end-of-line hyphen: "--gen-", "(‘--gen-", "day-to-". */
const HYPHENATED_ALREADY = /(?:^|\s)[([‘'"`]*(?:-|\S*\p{L}-\S*\p{L})\S*-$/u;

/** Index of a heading line → the heading; null for the lines a heading takes up besides its first. */
type HeadingLines = Map<number, Heading | null>;

function pdfHeadings(lines: readonly SourceLine[]): HeadingLines {
  const characters = new Map<number, number>();
  for (const line of lines) if (line.size !== null) characters.set(line.size, (characters.get(line.size) ?? 0) + line.text.length);
  const body = [...characters].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const isHeading = (line: SourceLine | undefined): boolean =>
    line !== undefined &&
    line.size !== null &&
    line.size >= body * HEADING_SIZE_RATIO &&
    line.text.length <= MAX_HEADING_CHARACTERS &&
    /\p{L}/u.test(line.text) &&
    !/[.,;:]$/.test(line.text.trim());
  const sizes = [...new Set(lines.filter(isHeading).map((line) => line.size ?? 0))].sort((a, b) => b - a);
  const found: HeadingLines = new Map();
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (!line || !isHeading(line) || found.has(index)) continue;
    // A heading set on two lines: the next line of the same size on the same page, not numbered itself.
    let text = line.text.trim();
    const next = lines[index + 1];
    if (next && isHeading(next) && next.size === line.size && next.page === line.page && numberingOf(next.text) === undefined) {
      text = `${text} ${next.text.trim()}`;
      found.set(index + 1, null);
    }
    found.set(index, { text, level: levelOf(text, sizes.indexOf(line.size ?? 0) + 1) });
  }
  return found;
}

function textHeadings(lines: readonly SourceLine[]): HeadingLines {
  const underlineLevels: string[] = [];
  const found: HeadingLines = new Map();
  lines.forEach((line, index) => {
    const markdown = MARKDOWN_HEADING.exec(line.text);
    if (markdown && line.paragraphStart) {
      found.set(index, { text: (markdown[2] ?? '').trim(), level: (markdown[1] ?? '#').length });
      return;
    }
    const next = lines[index + 1];
    const underline = next && !next.paragraphStart ? UNDERLINE.exec(next.text) : null;
    const title = line.text.trim();
    if (!next || !underline || !line.paragraphStart || title === '' || UNDERLINE.test(line.text) || Math.abs(next.text.trim().length - title.length) > 3) return;
    const character = underline[1] ?? '';
    if (!underlineLevels.includes(character)) underlineLevels.push(character);
    found.set(index, { text: title, level: levelOf(title, underlineLevels.indexOf(character) + 1) });
    found.set(index + 1, null);
  });
  return found;
}

/** A numbered heading's level is its numbering's depth ("2.6" is 2); another heading's, the level its look gives. */
function levelOf(text: string, byLook: number): number {
  const numbering = numberingOf(text);
  return numbering ? numbering.split('.').length : byLook;
}
