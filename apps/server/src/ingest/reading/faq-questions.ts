import { ENDS_AS_QUESTION, indentOf, isRuleAt } from './heading-lines.ts';
import type { SourceLine } from './clean-pages.ts';

/**
 * The question lines of a question-and-answer text (a FAQ file, a FAQ chapter), read as headings so that each
 * entry is a section of its own: its answer is the section's text and its question stands in the heading path,
 * where the search weighs it as a heading and the answer never quotes it as if it were the answer. Two shapes:
 * - marked entries: "Q: …", "Q) …", "Q3. …", "Question: …" (wrapped over a few lines, up to the "A:" line or
 *   the line ending with "?"), in a text that also has "A:" lines;
 * - unmarked entries: a paragraph that starts with a question on its own line(s) ("2.1. How do I …?", "Why does
 *   … ?"), counted only when the text has several of them, so that a manual's one rhetorical question stays prose.
 * Headings already found (underlined, Markdown, a PDF's larger type) keep their own level; these nest below them.
 * The question's lines stay in the section's text too (the search finds an entry by its question's words as well
 * as by its heading); the answer leaves them out (modules/answers/sentence-shapes.ts).
 */

/** A question read as a heading: its text without the "Q:" marker, and how many lines it takes up. */
export interface FaqQuestion {
  text: string;
  lineCount: number;
  /** An underline follows it (a heading the underline's reader missed: its question is longer than its underline). */
  underlined: boolean;
}

/** Below every other heading's level: a question nests under the section it is in, and the next one replaces it. */
export const QUESTION_LEVEL = 100;

const QUESTION_MARKER = /^\s*(?:Q|Question)\s*\d{0,3}\s*[:).]\s*(?=\S)/;
export const ANSWER_MARKER = /^\s*(?:A|Answer)\s*\d{0,3}\s*[:).]\s*/;
/** An unmarked question starts like a sentence, maybe after its numbering ("2.1.", "4b)"). */
const NUMBERING = /^\s*\d[\d.]{0,12}[a-z]?[.):]?\s+/;
const startsAsQuestion = (text: string): boolean => /^\s*["'“‘(]?\p{Lu}/u.test(text.replace(NUMBERING, ''));
const LIST_ITEM = /^\s*(?:[•‣◦▪∙·*-]|[a-z][.)])\s/;
/** A line that starts the next numbered entry ("5.3.  Why does …"), which no question's wrapped line is. */
const NEXT_ENTRY = /^\s*\d{1,3}\.\d[\d.]{0,12}:?\s+\S/;
const MOST_QUESTION_LINES = 4;
const UNDERLINE = /^\s*([*=\-~^#+_.'])\1{2,}\s*$/;
const LONGEST_QUESTION = 250;
/** Fewer questions than this in a text (unmarked ones and question headings) are prose, not a FAQ. */
const FEWEST_UNMARKED = 3;

/**
 * The question lines of `lines`, by the index of their first line; `isHeading` says which lines are already
 * headings (or taken up by one), which are never read as questions.
 */
export function faqQuestions(lines: readonly SourceLine[], isHeading: (index: number) => boolean): Map<number, FaqQuestion> {
  const marked = new Map<number, FaqQuestion>();
  if (lines.some((line) => ANSWER_MARKER.test(line.text))) {
    lines.forEach((line, index) => {
      if (isHeading(index) || !QUESTION_MARKER.test(line.text)) return;
      const question = questionAt(lines, index, isHeading, true);
      if (question) marked.set(index, question);
    });
  }
  const unmarked = new Map<number, FaqQuestion>();
  lines.forEach((line, index) => {
    const starts = line.paragraphStart || (NUMBERING.test(line.text) && !lines[index - 1]?.text.trim().endsWith(':'));
    if (marked.has(index) || isHeading(index) || !starts || !startsAsQuestion(line.text) || LIST_ITEM.test(line.text)) return;
    const question = questionAt(lines, index, isHeading, false);
    // A question is a heading only when an answer follows it (a checklist of questions is not a FAQ).
    const next = lines[index + (question?.lineCount ?? 0)];
    if (question && !question.text.includes('? ') && next && !ENDS_AS_QUESTION.test(next.text.trim())) unmarked.set(index, question);
  });
  const questionHeadings = lines.filter((line, index) => isHeading(index) && ENDS_AS_QUESTION.test(line.text.trim()));
  const entries = unmarked.size + questionHeadings.length >= FEWEST_UNMARKED ? withoutUnnumbered(unmarked, questionHeadings) : new Map<number, FaqQuestion>();
  const questions = new Map([...marked, ...entries]);
  const statements = new Map([...numberedStatements(lines, isHeading, questions), ...ruledStatements(lines, isHeading, questions)]);
  return withoutContents(new Map([...questions, ...statements].sort((a, b) => a[0] - b[0])));
}

/** The fewest rules parting a FAQ's entries, and the most lines of the paragraph opening each. */
const FEWEST_RULED_ENTRIES = 3;
const MOST_RULED_STATEMENT_LINES = 2;

/**
 * A FAQ whose entries are parted by rules, each opening with a short paragraph that states its problem (ncurses'
 * FAQ: "********", "Home/End keys don't work in some non-full-screen applications.", then its answer): when every
 * rule with text after it (FEWEST_RULED_ENTRIES or more) is followed by a paragraph of at most
 * MOST_RULED_STATEMENT_LINES lines and LONGEST_STATEMENT characters, and that by more text before the next rule,
 * each of those paragraphs is its entry's question. A rule above a title (Valgrind's "----" / "2. Compiling …" /
 * "----") or above a long paragraph says the text is parted otherwise.
 */
function ruledStatements(lines: readonly SourceLine[], isHeading: (index: number) => boolean, questions: ReadonlyMap<number, FaqQuestion>): Map<number, FaqQuestion> {
  const rules = lines.flatMap((_, index) => (isRuleAt(lines, index) ? [index] : []));
  const statements = new Map<number, FaqQuestion>();
  for (const [place, rule] of rules.entries()) {
    const start = rule + 1;
    const end = rules[place + 1] ?? lines.length;
    if (start >= end) continue;
    if (questions.has(start)) {
      statements.set(start, questions.get(start) as FaqQuestion);
      continue;
    }
    let last = start;
    while (last + 1 < end && !lines[last + 1]?.paragraphStart && !isHeading(last + 1)) last += 1;
    const text = lines.slice(start, last + 1).map((line) => line.text.trim()).join(' ');
    const opens = lines[start]?.paragraphStart === true && !isHeading(start) && last - start + 1 <= MOST_RULED_STATEMENT_LINES;
    if (!opens || last + 1 >= end || text.length > LONGEST_STATEMENT || !/\p{L}/u.test(text)) return new Map();
    statements.set(start, { text, lineCount: last - start + 1, underlined: false });
  }
  return statements.size >= FEWEST_RULED_ENTRIES ? new Map([...statements].filter(([index]) => !questions.has(index))) : new Map();
}

/** Numbered questions outnumber unnumbered ones at least this many times in a FAQ that numbers its entries. */
const NUMBERED_SHARE = 4;

/**
 * The unmarked questions that are entries: in a FAQ that numbers its questions (FEWEST_UNMARKED numbered, four in
 * five or more), an unnumbered one is not an entry but the asker's own question inside one (Debian's mdadm FAQ:
 * "26. Why doesn't mdadm find arrays …?", the asker's story, then "Why does mdadm break my system?" above the
 * answer), or a manual's rhetorical question; its entry goes on through it.
 */
function withoutUnnumbered(unmarked: ReadonlyMap<number, FaqQuestion>, questionHeadings: readonly SourceLine[]): Map<number, FaqQuestion> {
  const texts = [...[...unmarked.values()].map((question) => question.text), ...questionHeadings.map((line) => line.text)];
  const numbered = texts.filter((text) => NUMBERING.test(text)).length;
  if (numbered < FEWEST_UNMARKED || numbered < NUMBERED_SHARE * (texts.length - numbered)) return new Map(unmarked);
  return new Map([...unmarked].filter(([, question]) => NUMBERING.test(question.text)));
}

/** The longest numbered entry that states a problem. */
const LONGEST_STATEMENT = 300;
/** A statement's first sentence ends a line: with a full stop, a colon above what it quotes, a question mark, or an exclamation ("… I'd like to know when upgrades … have occurred and on which packages!"). */
const ENDS_STATEMENT = /[.:?!]["'”’)\]]*$/;

/**
 * A FAQ's entries that state a problem rather than ask ("3.1. Programs run OK on Valgrind, but at exit produce a
 * bunch of errors … and then die with a segmentation fault.", "2.2. When building Valgrind, 'make' fails with
 * this:"): in a text whose entries are numbered at two levels or more (FEWEST_UNMARKED such questions), a
 * paragraph that starts with such a number and a capital and whose first sentence ends a line within
 * MOST_QUESTION_LINES, there at the paragraph's end or above a line set further in (the error it quotes).
 */
function numberedStatements(lines: readonly SourceLine[], isHeading: (index: number) => boolean, questions: ReadonlyMap<number, FaqQuestion>): Map<number, FaqQuestion> {
  const statements = new Map<number, FaqQuestion>();
  if ([...questions.values()].filter((question) => entryNumberOf(question.text) !== null).length < FEWEST_UNMARKED) return statements;
  lines.forEach((line, index) => {
    if (!line.paragraphStart || questions.has(index) || isHeading(index) || !NEXT_ENTRY.test(line.text) || !startsAsQuestion(line.text)) return;
    let end = index;
    while (end < index + MOST_QUESTION_LINES - 1 && !ENDS_STATEMENT.test(lines[end]?.text.trim() ?? '') && lines[end + 1] && !lines[end + 1]?.paragraphStart && !isHeading(end + 1)) end += 1;
    const next = lines[end + 1];
    const text = lines.slice(index, end + 1).map((part) => part.text.trim()).join(' ');
    const standsAlone = next === undefined || next.paragraphStart || indentOf(next.text) > indentOf(line.text);
    if (ENDS_STATEMENT.test(text) && standsAlone && text.length <= LONGEST_STATEMENT) statements.set(index, { text, lineCount: end - index + 1, underlined: false });
  });
  return statements;
}

/**
 * An entry's number of two levels or more as its question line starts with it ("4.30" of "4.30.   How do I read
 * …"); null for any other (a number of one level may start again in each part of a FAQ).
 */
const entryNumberOf = (text: string): string | null => /^\s*(\d{1,3}\.\d[\d.]{0,12}):?\s/.exec(text)?.[1]?.replace(/\.$/, '') ?? null;

/**
 * The questions without a table of contents' lines: a FAQ that lists its questions above the entries repeats
 * each (its section's number, or its words) at its entry, so the last line of a number or a text is the
 * entry's question and the earlier ones are the list's; and where those earlier lines are most of the questions
 * between the first and the last of them, that stretch is the list, its every question line too (one the list
 * words or numbers otherwise than its entry: "4.33. How do I handle shell quoting" above "4.32. How do I handle
 * Unix shell quoting").
 */
function withoutContents(questions: Map<number, FaqQuestion>): Map<number, FaqQuestion> {
  const entries = [...questions];
  const keyOf = (question: FaqQuestion) => entryNumberOf(question.text) ?? question.text.replace(/\s+/g, ' ').toLowerCase();
  const lastAt = new Map(entries.map(([index, question]) => [keyOf(question), index]));
  const listed = entries.filter(([index, question]) => lastAt.get(keyOf(question)) !== index).map(([index]) => index);
  const [first, last] = [listed[0] ?? 0, listed.at(-1) ?? -1];
  const within = entries.filter(([index]) => index >= first && index <= last);
  const isList = within.length > 0 && listed.length * 2 >= within.length;
  return new Map(entries.filter(([index, question]) => lastAt.get(keyOf(question)) === index && !(isList && index >= first && index <= last)));
}

/**
 * The question a chunk's heading path ends with, as a visitor would ask it: its last heading when that is a
 * question (a FAQ entry's, or a manual's "How do I …?" section), without its numbering; null for any other.
 * The search embeds it on its own beside the chunk's windows (embedding-windows.ts): visitors ask a FAQ's
 * question in their own words, and a question is nearer a question than the text that answers it.
 */
export function headingQuestionOf(heading: string | null, separator: string): string | null {
  const last = heading?.split(separator).at(-1)?.trim() ?? '';
  if (!ENDS_AS_QUESTION.test(last)) return null;
  const question = last.replace(NUMBERING, '').trim();
  return /\p{L}/u.test(question) ? question : null;
}

/** The words a question starts with, in its first three ("So how…", "Ok, so why…" count: a FAQ's voice). */
const QUESTION_WORDS = new Set(['how', 'what', 'why', 'where', 'when', 'which', 'who', 'whom', 'whose', 'can', 'could', 'do', 'does', 'did', 'is', 'are', 'was', 'were', 'should', 'shall', 'will', 'would', 'may', 'might', 'must', 'has', 'have', 'had']);
const asks = (text: string): boolean => text.split(/[\s,]+/, 3).some((word) => QUESTION_WORDS.has(word.toLowerCase()));
/** A text that ends by quoting a question: a quote that opens after its start and closes right after "?". */
const QUOTED_QUESTION_AT_END = /["“'‘`]{1,2}[^"“”'‘’`]+\?["”'’`]{1,2}$/;

/**
 * A statement that ends by quoting a question ("If in doubt, revisit … the answer to the question "Why does
 * Configure ask for a path …?"", from lsof's FAQ) asks nothing itself: its "?" is the quote's.
 */
function quotesAQuestion(text: string): boolean {
  const unnumbered = text.replace(NUMBERING, '').trim();
  const quoted = QUOTED_QUESTION_AT_END.exec(unnumbered);
  return quoted !== null && quoted.index > 0 && !asks(unnumbered);
}

/** The question starting at `start`: its lines up to the one ending with "?" (or, marked, up to the answer's marker). */
function questionAt(lines: readonly SourceLine[], start: number, isHeading: (index: number) => boolean, markedEntry: boolean): FaqQuestion | undefined {
  const parts: string[] = [];
  for (let index = start; index < Math.min(lines.length, start + MOST_QUESTION_LINES); index += 1) {
    const line = lines[index];
    if (!line || (index > start && (line.paragraphStart || isHeading(index) || ANSWER_MARKER.test(line.text) || UNDERLINE.test(line.text) || NEXT_ENTRY.test(line.text)))) break;
    parts.push(line.text.trim());
    if (ENDS_AS_QUESTION.test(line.text.trim())) break;
  }
  const text = parts.join(' ').replace(QUESTION_MARKER, '').trim();
  const next = lines[start + parts.length];
  const answered = (ENDS_AS_QUESTION.test(text) && (markedEntry || !quotesAQuestion(text))) || (markedEntry && next !== undefined && (ANSWER_MARKER.test(next.text) || next.paragraphStart));
  if (!answered || text.length > LONGEST_QUESTION || !/\p{L}/u.test(text)) return undefined;
  return { text, lineCount: parts.length, underlined: UNDERLINE.test(next?.text ?? '') };
}
