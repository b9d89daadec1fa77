import type { SourceLine } from './clean-pages.ts';
import { type HeadingLines, indentOf, isRuleAt, levelOf, numberingOf, ENDS_AS_QUESTION, RULE } from './heading-lines.ts';
import { type TextMarkup, textMarkup, UNDERLINE_SLACK } from './markup-blocks.ts';

/** A text line underlined by one repeated character (Texinfo, reStructuredText, Setext Markdown). */
const UNDERLINE = /^\s*([*=\-~^#+_.])\1{2,}\s*$/;
const MARKDOWN_HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
/** A full stop ending a sentence, not an ellipsis. */
const SENTENCE_END = /[^.]\.["'”’)\]]*$/;
/** The longest numbered heading line of a text file. */
const LONGEST_NUMBERED_HEADING = 100;
/** The longest title at the margin above an indented body. */
const LONGEST_MARGIN_TITLE = 60;
/** A text is set with an indented body when this share of its lines with words is indented. */
const INDENTED_BODY_SHARE = 0.6;
const INDENTED = /^\s{2,}\S/;

/**
 * A text file's headings: what its markup says first (markup-blocks.ts: AsciiDoc's "==" titles; code, which heads
 * nothing), then a line underlined with one repeated character (its level by the order the underline
 * characters first appear, as reStructuredText does), a Markdown `#` heading, a numbered title alone in its
 * paragraph (numberedTitles), a chapter's title (chapterTitles), titles in capitals (capitalTitles), in a text whose body is indented and that has none of those, a title at the
 * margin (marginTitles), and, in a text without underlines or `#`, a title centred on its line (centeredTitles). A
 * numbered heading's level is its numbering's depth. A question is left to faq-questions.ts, but a part's. With
 * them, the lines of code the markup says (a Markdown fence's, an AsciiDoc listing's).
 */
export function textHeadings(lines: readonly SourceLine[]): TextMarkup {
  const underlineLevels: string[] = [];
  const { headings: found, code } = textMarkup(lines);
  lines.forEach((line, index) => {
    if (found.has(index) || code.has(index)) return;
    const markdown = MARKDOWN_HEADING.exec(line.text);
    if (markdown && line.paragraphStart) {
      found.set(index, { text: (markdown[2] ?? '').trim(), level: (markdown[1] ?? '#').length });
      return;
    }
    const next = lines[index + 1];
    const underline = next && !next.paragraphStart && !found.has(index + 1) ? UNDERLINE.exec(next.text) : null;
    const title = line.text.trim();
    if (!next || !underline || !line.paragraphStart || title === '' || UNDERLINE.test(line.text) || Math.abs(next.text.trim().length - title.length) > UNDERLINE_SLACK) return;
    // A sentence that ends its paragraph just above a rule as wide as the text ("… Turn it off in the settings." above "-----…") is no title.
    if (SENTENCE_END.test(title) && numberingOf(title) === undefined) return;
    const character = underline[1] ?? '';
    if (!underlineLevels.includes(character)) underlineLevels.push(character);
    found.set(index, { text: title, level: levelOf(title, underlineLevels.indexOf(character) + 1) });
    found.set(index + 1, null);
  });
  ruledTitles(lines, found, code);
  // A text marked up with underlines or `#` says what its headings are: its centred lines are a licence's version, a figure's caption.
  const markedUp = holdsHeadings(found);
  numberedTitles(lines, found, code);
  chapterTitles(lines, found, code);
  capitalTitles(lines, found, code);
  // Margin titles only where nothing else heads the text: under underlined headings they are a table's terms.
  if (!holdsHeadings(found)) marginTitles(lines, found, code);
  if (!markedUp) centeredTitles(lines, found, code);
  return { headings: found, code };
}

/** The longest title set between two rules. */
const LONGEST_RULED_TITLE = 100;

/**
 * A title set between two rules ("----" / "2. Compiling, installing and configuring" / "----", as Valgrind's
 * FAQ parts its entries): a short line with words and without a sentence's end, level 1 or its numbering's depth.
 * Every other rule (isRuleAt: a long one, or a short one alone in its paragraph) is no text: it only separates
 * (the rules are left out of the sections' text).
 */
function ruledTitles(lines: readonly SourceLine[], found: HeadingLines, code: ReadonlySet<number>): void {
  lines.forEach((line, index) => {
    if (found.has(index) || code.has(index) || !isRuleAt(lines, index)) return;
    const title = lines[index + 1]?.text.trim() ?? '';
    const ruledBelow = RULE.test(lines[index + 2]?.text ?? '') && !found.has(index + 1) && !found.has(index + 2) && !code.has(index + 1);
    if (ruledBelow && title.length <= LONGEST_RULED_TITLE && /\p{L}/u.test(title) && !/[.,;:!?]["'”’)\]]*$/.test(title) && !RULE.test(title)) {
      found.set(index + 1, { text: title, level: levelOf(title, 1) });
      found.set(index + 2, null);
    }
    found.set(index, null);
  });
}

/** Whether any heading was found (a rule alone is none). */
const holdsHeadings = (found: HeadingLines): boolean => [...found.values()].some((heading) => heading !== null);

/** A line that is a paragraph of its own. */
const aloneAt = (lines: readonly SourceLine[], index: number): boolean => {
  const next = lines[index + 1];
  return lines[index]?.paragraphStart === true && (next === undefined || next.paragraphStart);
};

/**
 * Numbered section titles of a plain text ("1.  Introduction", "1.1.  man-db", "3.5.3.  Viewing ASCII pages
 * formatted for latin1 output device"): a line alone in its paragraph, short, numbered, with words and without a
 * sentence's end, one of two levels or more allowed a full stop (a FAQ's "5.9. The 'r' command isn't inserting the
 * file into the text."). A document numbers its sections at two levels at least twice, and a number of one
 * level is a title only when one of two levels comes under it ("1." above "1.1."): a list of steps, each a
 * paragraph of its own ("1. Unplug the kettle"), is no section. A table of contents (its lines together, or
 * the same numbering's earlier line) is none.
 */
function numberedTitles(lines: readonly SourceLine[], found: HeadingLines, code: ReadonlySet<number>): void {
  const titles = lines.flatMap((line, index) => {
    const text = line.text.trim();
    const numbering = numberingOf(text);
    if (numbering === undefined || found.has(index) || code.has(index) || !aloneAt(lines, index) || text.length > LONGEST_NUMBERED_HEADING) return [];
    const depth = numbering.split('.').length;
    const words = text.slice(numbering.length).replace(/^[.:]?\s+/, '');
    // One level starts with a capital: a footnote's number starts a sentence ("5 writing portable software …").
    // A question of two levels is a FAQ's entry (faq-questions.ts); of one, it may title a part ("5. WHY ISN'T THIS WORKING?").
    if (!(depth >= 2 ? /^\p{L}/u : /^\p{Lu}/u).test(words) || (depth >= 2 && ENDS_AS_QUESTION.test(text)) || (depth >= 2 ? /[,;:!]$/ : /[.,;:!]$/).test(text)) return [];
    return [{ index, text, numbering, depth }];
  });
  // A table of contents above the text repeats the titles: a numbering's last line is its section's.
  const lastOf = new Map(titles.map((title) => [title.numbering, title.index]));
  const sections = titles.filter((title) => lastOf.get(title.numbering) === title.index);
  const nested = sections.filter((title) => title.depth >= 2);
  if (nested.length < 2) return;
  const parents = new Set(nested.map((title) => title.numbering.split('.')[0]));
  for (const title of sections) {
    if (title.depth >= 2 || parents.has(title.numbering)) found.set(title.index, { text: title.text, level: title.depth });
  }
}

/**
 * "Chapter 2. Getting and installing Debian GNU/Linux", "Appendix A: Licence", as DocBook's text output titles its
 * chapters, or a chapter numbered in roman numerals ("III. Reading", the libpng manual).
 */
const CHAPTER_TITLE = /^(?:(?:Chapter|Part|Appendix)\s+(?:\d{1,3}|[IVXLC]{1,6}|[A-Z])[.:]?|[IVXLC]{1,6}\.)\s+\p{Lu}/u;

/**
 * A document's chapter titles ("Chapter 2. Getting and installing Debian GNU/Linux", "III. Reading"): a line alone in its
 * paragraph, short, without a sentence's end, in a text with two of them or more. Level 1: the sections numbered
 * within come under it.
 */
function chapterTitles(lines: readonly SourceLine[], found: HeadingLines, code: ReadonlySet<number>): void {
  const titles = lines.flatMap((line, index) => {
    const text = line.text.trim();
    return !found.has(index) && !code.has(index) && aloneAt(lines, index) && CHAPTER_TITLE.test(text) && text.length <= LONGEST_NUMBERED_HEADING && !/[.,;:!]["'”’)\]]*$/.test(text) ? [{ index, text }] : [];
  });
  // A roman numeral goes on from the one before ("III." after "II.", or a skipped one): "C. Configuration …" is a list's letter.
  let last = 0;
  const chapters = titles.filter(({ text }) => {
    const numeral = /^([IVXLC]{1,6})\./.exec(text)?.[1];
    if (numeral === undefined) return true;
    const value = romanValue(numeral);
    const follows = value > last && value <= last + 2;
    if (follows) last = value;
    return follows;
  });
  if (chapters.length < 2) return;
  for (const title of chapters) found.set(title.index, { text: title.text, level: 1 });
}

const ROMAN_DIGITS: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };

/** "XIV" → 14. */
function romanValue(numeral: string): number {
  const values = [...numeral].map((digit) => ROMAN_DIGITS[digit] ?? 0);
  return values.reduce((sum, value, index) => sum + (value < (values[index + 1] ?? 0) ? -value : value), 0);
}

/** A title in capitals: words of capital letters and digits ("GENERAL USAGE", "HINTS FOR CJPEG"), one of three letters at least. */
const CAPITAL_TITLE = /^[\p{Lu}\d][\p{Lu}\d '&/-]*$/u;
/** A text titles its sections in capitals when it has this many such lines or more. */
const FEWEST_CAPITAL_TITLES = 3;

/**
 * Titles in capitals at the margin ("INTRODUCTION", "GENERAL USAGE", "CJPEG DETAILS" in libjpeg's usage.txt): a
 * line alone in its paragraph, not indented, short, of capital letters with a word of three letters or more, in a
 * text with three of them or more. Level 1: a title underlined above them is the document's.
 */
function capitalTitles(lines: readonly SourceLine[], found: HeadingLines, code: ReadonlySet<number>): void {
  const titles = lines.flatMap((line, index) => {
    const text = line.text;
    const free = !found.has(index) && !code.has(index) && aloneAt(lines, index) && !/^\s/.test(text) && text.length <= LONGEST_MARGIN_TITLE;
    return free && CAPITAL_TITLE.test(text.trim()) && /\p{Lu}{3}/u.test(text) ? [index] : [];
  });
  if (titles.length < FEWEST_CAPITAL_TITLES) return;
  for (const index of titles) found.set(index, { text: lines[index]?.text.trim() ?? '', level: 1 });
}

/**
 * Titles at the margin of a text whose body is indented (a manual page or DocBook's text output: "Description",
 * "Functional Overview" above paragraphs set three spaces in): a short line that starts a paragraph (or comes right
 * under such a title), set in less than the body, starting with a capital or a number, without a sentence's end,
 * right above a line set in further (a blank line between, or none: `man` sets ".SH OPTIONS" on the line above its
 * first paragraph). Level 1 at the margin, or its numbering's depth; level 2 set in (`man`'s ".SS Symbolic links",
 * three spaces in above a body seven in).
 */
function marginTitles(lines: readonly SourceLine[], found: HeadingLines, code: ReadonlySet<number>): void {
  const worded = lines.filter((line) => /\p{L}/u.test(line.text));
  if (worded.length === 0 || worded.filter((line) => INDENTED.test(line.text)).length < worded.length * INDENTED_BODY_SHARE) return;
  // The body's indent: the most common of the lines right under a line at the margin.
  const body = mostCommon(
    lines.flatMap((line, index) => (indentOf(line.text) === 0 && /\S/.test(line.text) ? [indentOf(lines[index + 1]?.text ?? '')] : [])).filter((indent) => indent > 0),
  );
  lines.forEach((line, index) => {
    const text = line.text;
    const title = text.trim();
    const indent = indentOf(text);
    const next = lines[index + 1]?.text ?? '';
    if (found.has(index) || code.has(index) || !(line.paragraphStart || found.get(index - 1)) || indent >= body || title.length > LONGEST_MARGIN_TITLE) return;
    if (!/^[\p{Lu}\d]/u.test(title) || !/\p{L}/u.test(title) || /[.,;:!?]["'”’)\]]*$/.test(title) || indentOf(next) < (indent === 0 ? 1 : body) || next.trim() === '') return;
    found.set(index, { text: title, level: indent === 0 ? levelOf(title, 1) : 2 });
  });
}

/** The value most of them have (the first such, on a tie). */
function mostCommon(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best), [0, 0])[0];
}

/** The fewest characters a text's lines run to for a line in it to be told centred. */
const NARROWEST_TEXT = 60;
/** How far off the middle a centred line may sit, in characters either side. */
const CENTRE_SLACK = 4;

/**
 * Titles centred on their line, as groff and nroff set a part's title ("Glossary", "Contents" in the man-db manual):
 * a line alone in its paragraph, set in by ten spaces or more, as far from the text's right edge (the width 95 % of
 * its lines stay within) as from its left, short, starting with a capital, with a word and no sentence's end,
 * nothing of an address or code (an author's line "Colin Watson <cjwatson@debian.org>"). Level 1.
 */
function centeredTitles(lines: readonly SourceLine[], found: HeadingLines, code: ReadonlySet<number>): void {
  const lengths = lines.map((line) => line.text.trimEnd().length).sort((a, b) => a - b);
  const width = lengths[Math.floor(lengths.length * 0.95)] ?? 0;
  if (width < NARROWEST_TEXT) return;
  lines.forEach((line, index) => {
    const text = line.text.trimEnd();
    const title = text.trim();
    const indent = text.length - title.length;
    if (found.has(index) || code.has(index) || !aloneAt(lines, index) || indent < 10 || Math.abs(indent - (width - text.length)) > CENTRE_SLACK) return;
    if (title.length > LONGEST_MARGIN_TITLE || !/^\p{Lu}/u.test(title) || !/\p{L}{3}/u.test(title) || /[.,;:!?]$/.test(title) || /[<>@/\\=$|{}]/.test(title)) return;
    found.set(index, { text: title, level: 1 });
  });
}
