import type { SourceLine } from './clean-pages.ts';
import { faqQuestions, QUESTION_LEVEL } from './faq-questions.ts';
import { type Heading, type HeadingLines, levelOf, numberingOf, ENDS_AS_QUESTION } from './heading-lines.ts';
import { textHeadings } from './text-headings.ts';

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

/** A PDF line this much larger than the body text, and short, is a heading. */
const HEADING_SIZE_RATIO = 1.15;
const MAX_HEADING_CHARACTERS = 150;
/** A bullet or an enumerated item starts a paragraph of its own. */
const LIST_ITEM = /^\s*(?:[•‣◦▪∙·*-]\s+|\d{1,2}[.)]\s+\S)/;

/**
 * A document's lines (clean-pages.ts) as sections under their headings. In a PDF a heading is a short line
 * set larger than the body text (the size most of the text is set in); in a text file, an underlined, a
 * Markdown or a numbered title (text-headings.ts). A numbered heading's level is its numbering's depth. A FAQ's
 * question lines head sections too (faq-questions.ts), below the other headings (a question numbered at two
 * levels, at its numbering's depth), and stay in their text: each entry is a section of its own, and a
 * question ends the entry before it.
 * Lines of a paragraph are joined with spaces in a PDF (its line breaks are only layout) and kept in a text
 * file, where a listing's lines (markup-blocks.ts) make a paragraph of their own; a word hyphenated at a PDF line's end is joined again.
 */
export function documentSections(lines: readonly SourceLine[]): DocumentSection[] {
  const { headings: headingAt, code } = lines.some((line) => line.size !== null) ? { headings: pdfHeadings(lines), code: new Set<number>() } : textHeadings(lines);
  const questionAt = faqQuestions(lines, (at) => headingAt.has(at));
  for (const [index, question] of questionAt) if (question.underlined) headingAt.set(index + question.lineCount, null);
  const sections: DocumentSection[] = [];
  let path: Heading[] = [];
  let current: DocumentSection | undefined;
  let paragraph: { lines: string[]; page: number } | undefined;
  const joiner = lines.some((line) => line.size !== null) ? ' ' : '\n';
  /** The last line a paragraph took. */
  let lastLine = -1;
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
      const level = questionLevelOf(question.text);
      // A numbered one nests by its numbering (under a numbered part that asks too: "5. WHY ISN'T THIS WORKING?").
      const endsEntry = (outer: Heading) => level === QUESTION_LEVEL && ENDS_AS_QUESTION.test(outer.text);
      path = [...path.filter((outer) => outer.level < level && !endsEntry(outer)), { text: question.text, level }];
      current = undefined;
    }
    // A listing is a paragraph of its own, its fences dropped ("… a debug enabled binary:" above "./configure --debug").
    const startsCode = code.has(index) !== code.has(lastLine);
    if (paragraph && (line.paragraphStart || startsCode || (!code.has(index) && LIST_ITEM.test(line.text)))) endParagraph();
    lastLine = index;
    paragraph ??= { lines: [], page: line.page };
    paragraph.lines.push(line.text);
  });
  endParagraph();
  return sections;
}

/**
 * A FAQ question's level: below every other heading, but a question numbered at two levels or more is a section
 * of its numbering's depth (the sed FAQ's "2.2. What versions of sed are there…?" above "2.2.1. Free versions",
 * and "2.3. Where can I learn to use sed?" after "2.2.2.4. MS-DOS", beside it, not under it).
 */
function questionLevelOf(text: string): number {
  const depth = numberingOf(text.trim())?.split('.').length ?? 0;
  return depth >= 2 ? depth : QUESTION_LEVEL;
}

/**
 * Lines joined into a paragraph; in a PDF, "decompres-" and "sion" make "decompression" again, and in a text a
 * word `man` broke with U+2010 ("ex‐" and "tracted"). In a PDF a word that already holds a hyphen or is an option
 * ("--gen-" and "suppressions=yes", "day-to-" and "day") keeps its hyphen, and an option's dashes left alone at a
 * line's end join the option's name when it is one ("--" and "track-origins=yes"): a typesetter breaks a line at
 * such a hyphen, not inside a word.
 */
function joinLines(lines: readonly string[], joiner: string): string {
  // groff sets a word's break and a compound's own hyphen alike (U+2010): "non‐" and "empty" make "nonempty", a
  // lesser harm than "ex" and "tracted", which no one searches for. A name in capitals breaks so too ("XZ_DE‐" and "FAULTS").
  if (joiner === '\n') return lines.reduce((text, line, index) => (index === 0 ? line : manBrokeWord(text, line) ? text.slice(0, -1) + line.trimStart() : `${text}\n${line}`), '');
  return lines.reduce((text, line) => {
    const next = line.trim();
    if (text === '') return next;
    if (/(?:^|\s)[([‘'"`]*--?$/.test(text) && OPTION_NAME.test(next)) return text + next;
    if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(next)) return HYPHENATED_ALREADY.test(text) ? text + next : text.slice(0, -1) + next;
    return `${text} ${next}`;
  }, '');
}

/** Whether `man` broke a word at the end of `text` with U+2010, `line` going on in the same case ("ex‐" "tracted", "XZ_DE‐" "FAULTS"; not "non‐" "Empty"). */
const manBrokeWord = (text: string, line: string): boolean => (/\p{Ll}‐$/u.test(text) && /^\s*\p{Ll}/u.test(line)) || (/\p{Lu}‐$/u.test(text) && /^\s*\p{Lu}/u.test(line));

/** An option's name after its dashes: "track-origins=yes", "xml=yes", "log-file" (a word with a hyphen, "=" or "<"). */
const OPTION_NAME = /^\p{Ll}[\p{L}\p{N}_]*[-=<]/u;
/** A line's last word that was a compound or an option before its end-of-line hyphen: "--gen-", "(‘--gen-", "day-to-". */
const HYPHENATED_ALREADY = /(?:^|\s)[([‘'"`]*(?:-|\S*\p{L}-\S*\p{L})\S*-$/u;

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
