import { comparableOption, namedOptions } from '../knowledge/named-options.ts';
import { isEnglishWord, ownTermsOf, type QuestionTerm } from '../knowledge/question-terms.ts';
import { HEADING_SEPARATOR } from '../../ingest/reading/chunk.ts';
import {
  hasQuestionMarker,
  isQuestion,
  LIST_ITEM,
  withoutQuestionMarker,
  linesOfSentence,
  partOfHeading,
  piecesOfParagraph,
  type SentenceShape,
  setsDottedMarkers,
  shapeOf,
  withoutAnswerMarker,
  withTitleApart,
} from './sentence-shapes.ts';
import { withLeadInCompleted, withListItems } from './answer-lists.ts';
import { withLaterAsks } from './answer-asks.ts';
import { isListing, listingPieces } from './answer-listings.ts';
import { linesOfTable, pageTableTermsOf, rowWithHeader, type TableLine, termRowText } from './answer-tables.ts';

/**
 * The extractive answer without an LLM: the one to three consecutive sentences of the retrieved passages that
 * best answer the question, with the sentence before them where it is needed to make sense. Pure; the
 * sentences' English stems come from the database (answer-question.ts), so they match the search's.
 */

/** A sentence of a passage, where it stands, and its stems. */
export interface CandidateSentence {
  text: string;
  /** Which passage (0 is the most relevant), which sentence of it, and which paragraph. */
  passage: number;
  index: number;
  paragraph: number;
  /** The option or command its paragraph describes ("‘-c’ ‘--continue’"), when the paragraph starts with one. */
  entry: string | null;
  /** Its shape (sentence-shapes.ts): a list's item, a heading-like line, a question, or a sentence. */
  shape: SentenceShape;
  terms: readonly string[];
  /** On a list's last quoted item: how many items the quote leaves out. */
  moreItems?: number;
  /** A table's row, its text its cells after their columns' names (answer-tables.ts). */
  tableRow?: true;
  /** The cosine of its vector and the question's (the active embedder's); undefined without vectors. */
  similarity?: number;
  /** Part of the asker's own words under a FAQ entry's question (withAskersWords): its question, but no entry's start. */
  askersOwn?: true;
  /** Lines of a listing (answer-listings.ts), its line breaks kept: quoted as code. */
  listing?: true;
}

/** The most sentences an answer quotes. */
export const MAX_ANSWER_SENTENCES = 3;
/** An answer stops growing past this many characters. */
const MAX_ANSWER_CHARACTERS = 600;
/** A "sentence" longer than this (a list or a table without full stops) is read line by line. */
const LONGEST_SENTENCE = 300;
/** A sentence before the best one, in its paragraph, holding at least this share of its score is part of the same point. */
const NEIGHBOUR_SHARE = 0.5;
/** A passage under a heading no longer than this is quoted whole when it holds the best sentence… */
const SHORT_SECTION_CHARACTERS = 700;
/** …and up to this long when it is all of its section (a short how-to with its commands, about 150 words)… */
const WHOLE_SECTION_CHARACTERS = 1000;
/** …and a FAQ entry's answer up to this long (nine in ten of a real FAQ's entries), else its paragraphs within it. */
const FAQ_ENTRY_CHARACTERS = 1500;
/** The question lines and headings right before a sentence whose match counts for it (a heading path's few lines, not a table of contents). */
const MOST_LEADING_LINES = 3;
/** A list's quote with the sentence after it stays this short. */
const MAX_LIST_ANSWER_CHARACTERS = 1100;
/**
 * A sentence's similarity of meaning to the question (its vector's cosine with the question's) counts this much
 * beside the share of the question's words it holds: a third, so words decide and meaning breaks their near-ties.
 * Chosen on the evaluation's manuals and checked on the held-out set (docs/bot.md).
 */
export const MEANING_WEIGHT = 0.3;
/** A quote with the sentence before it may run this much past MAX_ANSWER_CHARACTERS. */
const LEAD_ROOM = 100;
/** What the sentence before, in the paragraph, adds to a sentence's share of the question counts this much. */
const CONTEXT_SHARE = 0.25;
/** Sentences of passages less relevant than this share of the best are not quoted. */
const PASSAGE_SHARE = 0.8;

/** Whether a passage's sentences may be quoted at all: it is nearly as relevant as the best (PASSAGE_SHARE). */
const quotable = (relevance: readonly number[], passage: number): boolean => (relevance[passage] ?? 0) >= Math.max(0, ...relevance) * PASSAGE_SHARE;

/**
 * At most this many sentences are embedded for their meaning per answer. The visitor waits for each (USE-lite:
 * about 10 ms a sentence on a quiet core, several times that under load), and passages of a long FAQ or manual
 * page can hold a hundred; the meaning only reorders sentences about as good by their words (MEANING_WEIGHT).
 */
export const MOST_SENTENCES_WEIGHED = 24;

/**
 * The sentences worth embedding, by position: the quotable ones (passages nearly as relevant as the best), all of
 * them when they are few, else the MOST_SENTENCES_WEIGHED best by their words alone (ties: the earlier first).
 */
export function sentencesToWeigh(sentences: readonly CandidateSentence[], question: string, terms: readonly QuestionTerm[], relevance: readonly number[], most = MOST_SENTENCES_WEIGHED): number[] {
  const quotableAt = sentences.flatMap((sentence, position) => (quotable(relevance, sentence.passage) ? [position] : []));
  if (quotableAt.length <= most) return quotableAt;
  const byWords = scoresOf(sentences, question, terms, relevance);
  return quotableAt
    .sort((left, right) => (byWords[right] ?? 0) - (byWords[left] ?? 0) || left - right)
    .slice(0, most)
    .sort((left, right) => left - right);
}

/** A sentence that leans on the one before it ("This…", "However…"). */
const LEANS_BACK = /^(?:this|that|these|those|it|its|they|them|their|such|however|also|but|thus|so|then|otherwise|instead|here|there|in (?:this|that|such) case|for (?:this|that) reason|as a result|in addition|similarly|likewise|note that|because of this)\b/i;
/** A sentence whose subject leans on the one before, after an opening phrase ("In that case, it…", "For recursive programs, this…"). */
const LEANS_BACK_AFTER_OPENING = /^[^,;:.!?]{3,50},\s+(?:this|these|those|it|they|such)\b/i;
/** A sentence that names what the one before it spoke of, early on ("Internally, Valgrind represents all such numbers…"). */
const REFERS_BACK = /^[^.!?]{0,40}\b(?:all|any|each|every|no|both) such\b/i;
/** A short line without a full stop, such as an option's name above its description ("-c --stdout"). */
const TERM_LINE = /^[^.!?]{1,60}$/;
/** A table's row or border as plain text keeps it ("|userix | /usr/local/man/userix |"): short and without a full stop, but no term. */
const TABLE_LINE = /^\s*(?:\|.*\||\+[-=+]+\+)\s*$/;
/** "How do I…", "Can I make…": a question answered by a manual's option or command. */
const HOW_TO = /\bhow\s*\?|\b(?:how (?:do|can|could|should) (?:i|we|you)|how to|is (?:it|there) (?:possible|a way|an option)|can (?:i|we|you|it)|what (?:option|command|setting|flag)|(?:turn|switch) (?:off|on)|make \w+ (?:stop|always|never|not))\b/i;
/** An option or a command in the text: "-c", "--continue", "‘-k’". */
const OPTION = /(?:^|[\s‘'"(])\\?-\\?-?[a-z0-9][\w=-]*/i;
/** "How much…", "what limit…": a question answered by a number. */
const QUANTITY = /\b(?:how (?:much|many|long|big|large|fast|slow|far|often|likely|small)|(?:what|which) (?:size|limit|range|percentage|value|version|port|number|year)|default|maximum|minimum|latest|earliest|roughly|at most|at least)\b/i;
const NUMBER = /\d/;
/** A question asking what something is or means, and a sentence that says what a thing is called or means. */
const WHAT_IS = /^\s*(?:what(?:'s|’s| is| are| exactly (?:is|are))\b|what (?:does|do) .{1,60} (?:mean|stand for)\b)|\bmeaning of\b/i;
const DEFINES = /\b(?:(?:is|are) (?:known as|called|referred to as|defined as)|means|refers to|stands for)\b/i;
/** A code list's entry whose code the question holds outweighs a sentence that holds more of the question's other words. */
const KEY_CODE_CREDIT = 1;
/**
 * The credit of an option's description when the question types that option ("What does ssh -A do?"): as much as
 * all its words; in the passage the search ranked first only. Where another passage holds more of the question
 * ("Does tar -x overwrite existing files?" and tar's overwrite options), the option is the question's setting.
 */
const TYPED_OPTION_CREDIT = 1;
/** A line that starts with a section's number ("4.4. My program…", "3.2 Termination"), or that number alone. */
const NUMBERED_LINE = /^\d{1,3}\.\d[\d.]{0,8}\s/;
const BARE_NUMBER = /^\d{1,3}\.\d[\d.]{0,8}$/;
/** Whether a text holds a number, a section's number before it ("3.2 Termination Threshold …") aside. */
export const holdsNumber = (text: string): boolean => NUMBER.test(text.replace(/^\d{1,3}\.\d[\d.]{0,8}(?=\s|$)/, ''));

/** One option as a manual lists it: "-c", "--continue", "‘-k’", "(--fast)". */
const OPTION_WORD = /^[‘'"`(]?\\?-\\?-?[\p{L}\p{N}][\w=.<>|/[\]-]{0,60}[’'"`)]?,?$/u;

/** An option's argument as a manual names it, right after the option: "NUMBER'", "<file>", "[LIMIT]". */
const PLACEHOLDER = /^(?:[A-Z][A-Z0-9_-]+|<[\w-]+>|\[[\w=-]+\])[’'"`)]?,?$/;

/** A value an option takes, as a usage text lists each value's line: "all" of "-copy all  Copy all extra markers." (before the description's capital). */
const OPTION_VALUE = /^[a-z][a-z0-9]{0,11}$/;

/** The options a definition starts with: "‘-c’ ‘--continue’", "-c --stdout", "-1 (or --fast) to -9"; null when it starts with none. */
function entryOf(sentence: string): string | null {
  const words = sentence.split(' ');
  let end = 0;
  while (
    end < words.length &&
    (OPTION_WORD.test(words[end] ?? '') ||
      (end > 0 && /^(?:or|to)$/.test(words[end] ?? '') && OPTION_WORD.test(words[end + 1] ?? '')) ||
      (end > 0 && OPTION_WORD.test(words[end - 1] ?? '') && (words[end]?.length ?? 0) <= 32 && PLACEHOLDER.test(words[end] ?? '')) ||
      (end > 0 && OPTION_WORD.test(words[end - 1] ?? '') && OPTION_VALUE.test(words[end] ?? '') && /^\p{Lu}/u.test(words[end + 1] ?? '')))
  )
    end += 1;
  return end === 0 ? null : words.slice(0, end).join(' ').replace(/,$/, '');
}

/** The options and values an entry names, without their quotes ("‘-c’ ‘--continue’": -c, --continue; "-copy all": -copy, all). */
const wordsOfEntry = (entry: string): string[] => entry.split(' ').map((word) => word.replace(/^[‘'"`(]|[’'"`),]+$/g, ''));

/** Whether a sentence that starts with options names only what the entry it stands in does ("-optimize usually …" in -optimize's). */
const sameOption = (named: string, entry: string | null): boolean => entry !== null && wordsOfEntry(named).every((word) => wordsOfEntry(entry).includes(word));

/** A code a paragraph defines, on a line of its own above its meaning ("8" above "Server issued an error response."), as exit codes are listed. */
function codeOf(paragraph: string): string | null {
  return /^\s*(\d{1,4})[ \t]*\n/.exec(paragraph)?.[1] ?? null;
}

/** The most words of a term a definition list defines. */
const LONGEST_TERM_WORDS = 5;

/** The fewest terms in a passage that make it a definition list, not a title above a paragraph. */
const FEWEST_DEFINED_TERMS = 3;

/**
 * The term a paragraph defines, as a glossary or a definition list sets it: a short line without a sentence's end
 * above its definition, a sentence ("cat page" above "A formatted manual page suitable for viewing…"; the stored
 * passage keeps no indentation); null for any other paragraph, and for an option's (entryOf). Only a passage of
 * FEWEST_DEFINED_TERMS such paragraphs or more is read as definitions (definedTermsOf).
 */
function definedTermOf(paragraph: string): string | null {
  const [first, second] = paragraph.replace(/^\n+/, '').split('\n');
  if (first === undefined || second === undefined || !/^\s*\p{Lu}/u.test(second)) return null;
  const term = first.trim();
  const words = term.split(/\s+/);
  if (words.length > LONGEST_TERM_WORDS || !/\p{L}/u.test(term) || /[.,;:!?]$/.test(term) || LIST_ITEM.test(first) || entryOf(term) !== null) return null;
  return term;
}

/** Each paragraph's defined term, when the passage is a definition list. */
function definedTermsOf(paragraphs: readonly string[]): (string | null)[] {
  const terms = paragraphs.map(definedTermOf);
  return terms.filter((term) => term !== null).length >= FEWEST_DEFINED_TERMS ? terms : paragraphs.map(() => null);
}

/**
 * The long options of one word an entry names ("‘--keep’ ‘-k’": keep; "-quality N", as cjpeg and find write theirs
 * with one dash: quality), lower-case, for matching the question's words.
 */
const optionNames = (entry: string): string[] => [...entry.toLowerCase().matchAll(/(?:^|[^\w-])--?([a-z][a-z0-9]{2,})(?![\w-])/g)].flatMap((match) => match[1] ?? []);

/**
 * What a passage is, by its heading: a FAQ's entry (under a question, or a numbered statement of a problem: its
 * text is that entry's answer, maybe followed by other entries), a short section quoted whole when it holds the best sentence, or part of a longer text.
 */
export type PassageSection = 'entry' | 'short' | 'part';

/**
 * A numbered title that is a sentence, as a FAQ's entry states its problem ("5.9. The 'r' command isn't inserting
 * the file into the text.", "2.2. When building Valgrind, 'make' fails with this:") or asks and exclaims ("9.4. How
 * can I keep a log …? I'd like to know when … packages!"); a manual's section titles end without a full stop.
 */
function isNumberedStatement(title: string): boolean {
  const [, numbering, words = ''] = /^([\d.]{1,20})\s+(\S.*)$/.exec(title.trim()) ?? [];
  const numbered = numbering !== undefined && numbering.replace(/\.$/, '').split('.').every((part) => /^\d{1,3}$/.test(part));
  return numbered && (/(?:[^.]\.|:)["'”’)]?$/.test(words) || (/!["'”’)]?$/.test(words) && words.includes('? ')));
}

/** The fewest words of a title that states a problem as a sentence ("On HP-UX, the umask setting in sudoers has no effect."), not "Usage:". */
const FEWEST_STATEMENT_WORDS = 4;

/**
 * A title that is a sentence stating a problem, as a FAQ's entries do without numbers (sudo's troubleshooting FAQ:
 * "When I try to run sudo via ssh, I get an error:", "Sudo builds without error but when I run it I get a
 * Segmentation fault."): it ends with a full stop or a colon and has a sentence's words.
 */
const isStatementTitle = (title: string): boolean =>
  /(?:[^.]\.|:)["'”’)]?$/.test(title.trim()) && title.trim().split(/\s+/).length >= FEWEST_STATEMENT_WORDS;

export function sectionOf(passage: { text: string; heading: string | null; wholeSection: boolean }): PassageSection {
  const title = passage.heading?.split(HEADING_SEPARATOR).at(-1);
  if (title === undefined) return 'part';
  if (isQuestion(title) || isNumberedStatement(title) || isStatementTitle(title)) return 'entry';
  return passage.text.length <= (passage.wholeSection ? WHOLE_SECTION_CHARACTERS : SHORT_SECTION_CHARACTERS) ? 'short' : 'part';
}

/**
 * The passages' sentences in order, whitespace made single spaces; `terms` left empty for the caller to fill.
 * A sentence that is part of the passage's own heading (a FAQ's question, which the entry's text keeps) is a
 * question line, never quoted. A paragraph that starts with an option describes it, and so do the paragraphs after it in the passage until
 * another option's (a manual's option list: the name, then one or more paragraphs about it).
 */
export function sentencesOfPassages(passages: readonly { text: string; heading?: string | null }[]): CandidateSentence[] {
  return passages.flatMap((passage, passageIndex) => withContentsAsHeadings(sentencesOfPassage(passage, passageIndex)));
}

/** A Markdown blockquote's (or a mail's quoting) marker: "> " or a lone ">" at a line's start. */
const QUOTED_LINE = /^\s*>(?: |$)/;

/**
 * A paragraph every line of which is quoted ("> Stability: 2 - Stable", Node.js's API docs; "> **Note**", a
 * README's) without its markers: they are no words of it. A text that quotes its answers throughout loses them when
 * it is read (clean-pages.ts); one that quotes a paragraph here and there keeps them in its chunks.
 */
function unquoted(paragraph: string): string {
  const lines = paragraph.split('\n');
  return lines.every((line) => QUOTED_LINE.test(line)) ? lines.map((line) => line.replace(QUOTED_LINE, '')).join('\n') : paragraph;
}

function sentencesOfPassage(passage: { text: string; heading?: string | null }, passageIndex: number): CandidateSentence[] {
  const title = passage.heading?.split(HEADING_SEPARATOR).at(-1);
  const inHeading = partOfHeading(title);
  const inFaq = title !== undefined && isQuestion(title);
  const titleNumber = inFaq ? entryNumberOf(title) : null;
  let index = 0;
  let entry: string | null = null;
  const parts = passage.text.split(/\n\s*\n/).flatMap((paragraph) => withTitleApart(unquoted(paragraph), title));
  const dotted = setsDottedMarkers(passage.text);
  const paragraphs = parts.map((part) => part.text);
  const definedTerms = definedTermsOf(paragraphs);
  const rowTerms = pageTableTermsOf(paragraphs);
  const sentences = paragraphs.flatMap((paragraphRead, paragraph): CandidateSentence[] => {
    const rowTerm = rowTerms[paragraph] ?? null;
    const paragraphText = rowTerm === null ? paragraphRead : termRowText(paragraphRead, rowTerm);
    // A title ending with a colon is a sentence of its own above what it quotes.
    const titleLines = parts[paragraph]?.titleLines;
    if (titleLines === undefined && parts[paragraph]?.title !== true && isListing(paragraphText)) {
      return listingPieces(paragraphText).map((text) => ({ text, passage: passageIndex, index: index++, paragraph, entry, shape: 'sentence', terms: [], listing: true }));
    }
    const pieces = titleLines === undefined ? piecesOfParagraph(paragraphText) : [...piecesOfParagraph(titleLines), ...piecesOfParagraph(paragraphText.slice(titleLines.length))];
    const lines = pieces.flatMap((sentence, position): TableLine[] =>
      sentence.length > LONGEST_SENTENCE && sentence.includes('\n')
        ? linesOfLongPiece(sentence, position === 0)
        : linesOfSentence(sentence, position === 0).map((line) => ({ line })),
    );
    // A table's row is quoted with its columns' names, and scored with them too.
    const sentences = lines
      .map(({ line, cells, header }) => ({ line, row: cells !== undefined, text: withoutAnswerMarker(unwrapped(rowWithHeader(line, cells, header)), dotted) }))
      .filter(({ text }) => /[\p{L}\p{N}]/u.test(text));
    // An option a sentence inside the paragraph starts with is described from there on ("-copy all  Copy all extra
    // markers.  This setting …", one option a line); a paragraph that lists options so, after a lead-in, describes
    // none of the options before it.
    const opened = sentences.map(({ text }, position) => (position === 0 ? null : entryOf(text)));
    const leadsIn = entryOf(sentences[0]?.text ?? '') === null && listsOptionsAfterLeadIn(sentences, opened);
    entry = entryOf(sentences[0]?.text ?? '') ?? (opened.some((named) => named !== null && !sameOption(named, entry)) ? null : entry);
    // A code's meaning is its own paragraph, and a term's (a table's row of one too): the text after them is not about the last one.
    const apart = codeOf(paragraphText) ?? definedTerms[paragraph] ?? rowTerm;
    return sentences.map(({ row, text }, position) => {
      const named = opened[position] ?? null;
      const opensOption = named !== null && !sameOption(named, entry);
      if (opensOption) entry = named;
      return {
        text,
        passage: passageIndex,
        index: index++,
        paragraph,
        entry: apart ?? entry,
        // After a lead-in ("… these switches …:"), each option's line is an item of that list.
        shape:
          shapeInPassage(parts[paragraph]?.title === true || inHeading(text) || (inFaq && isNumberedTitle(sentences, position)) || isLaterEntry(titleNumber, sentences, position), row) ??
          (leadsIn && opensOption ? 'item' : shapeInParagraph(sentences, position, paragraphs[paragraph + 1])),
        terms: [],
        ...(row ? { tableRow: true as const } : {}),
      };
    });
  });
  return inFaq && NUMBERED_TITLE.test(title) ? withAskersWords(sentences) : sentences;
}

/** A FAQ entry's numbered question: "26. Why doesn't mdadm …?", "4.4. My program crashes …", "4b) Can …?". */
const NUMBERED_TITLE = /^\s*\d[\d.]{0,12}[a-z]?[.):]?\s/;
/** The most of an asker's own words quoted before their question (a few lines and the error they saw). */
const LONGEST_ASKERS_WORDS = 600;
const FIRST_PERSON = /\b(?:I|I'm|I've|my|me|we|our|us)\b/;

/**
 * A numbered FAQ entry whose question is followed by the asker's own words, in the first person, and a question of
 * their own on a line apart before the answer (Debian's mdadm FAQ: "26. Why doesn't mdadm find arrays …?", "My boot
 * process dies … "/dev/md2 does not exist"", "Why does mdadm break my system?", then "Short answer: …"): those words
 * and that question are the entry's question, never its answer. An unnumbered question in a FAQ that numbers its
 * questions is no entry of its own (ingest/reading/faq-questions.ts).
 */
function withAskersWords(sentences: CandidateSentence[]): CandidateSentence[] {
  const from = sentences.findIndex((sentence) => sentence.shape !== 'question');
  if (from <= 0) return sentences;
  let length = 0;
  for (let at = from; at < sentences.length; at += 1) {
    const sentence = sentences[at];
    if (!sentence) break;
    if (sentence.shape === 'question') {
      const alone = sentences[at - 1]?.paragraph !== sentence.paragraph && sentences[at + 1]?.paragraph !== sentence.paragraph;
      const askers = sentences.slice(from, at);
      if (!alone || NUMBERED_TITLE.test(sentence.text) || !askers.some((said) => FIRST_PERSON.test(said.text))) return sentences;
      return sentences.map((said, position) => (position >= from && position <= at ? { ...said, shape: 'question' as const, askersOwn: true as const } : said));
    }
    length += sentence.text.length + 1;
    if (length > LONGEST_ASKERS_WORDS) break;
  }
  return sentences;
}

/** Whether a paragraph's options, one a line (`opened`), follow a lead-in ending with a colon: "… such as comment blocks:" above "-copy none  Copy no …". */
function listsOptionsAfterLeadIn(sentences: readonly { text: string }[], opened: readonly (string | null)[]): boolean {
  const first = opened.findIndex((named) => named !== null);
  return first > 0 && (sentences[first - 1]?.text.endsWith(':') ?? false);
}

/**
 * A sentence's shape by where it stands: the entry's title (its heading's lines, kept in the text, and what a
 * title ending with a colon quotes) is its question, not its answer; a table's row is a sentence; null for any
 * other, whose shape its paragraph says.
 */
function shapeInPassage(titleLine: boolean, row: boolean): SentenceShape | null {
  if (titleLine) return 'question';
  return row ? 'sentence' : null;
}

/**
 * A piece longer than a sentence should be, over several lines: a table's rows with their header; wrapped prose
 * whose sentences the splitter left together because the next starts with a small letter (a name: "… must also be
 * thread-safe. zlib's gz* functions …"), as those sentences; else (a help text, a list without full stops) its lines.
 */
function linesOfLongPiece(piece: string, firstOfParagraph: boolean): TableLine[] {
  const table = linesOfTable(piece);
  if (table.some((line) => line.cells !== undefined)) return table;
  const prose = wrappedSentencesOf(piece);
  const wrapped = /[.!?]["'”’)\]]?$/.test(piece.trim()) && !/\S {2,}\S/.test(piece);
  if ((prose.length < 2 && !wrapped) || prose.some((sentence) => sentence.length > 2 * LONGEST_SENTENCE && sentence.includes('\n'))) return table;
  return prose.flatMap((sentence, position) => linesOfSentence(sentence, firstOfParagraph && position === 0).map((line) => ({ line })));
}

/**
 * A piece's text on one line, a word a line's end broke after a hyphen joined again: without the hyphen when the
 * whole is an English word ("crite-\nria", "Ger-\nmany"), else with it ("application-\nprovided").
 */
const unwrapped = (text: string): string =>
  text
    .replace(/(\p{L}+)-\n\s*(\p{Ll}+)/gu, (_, start: string, end: string) => (isEnglishWord(`${start}${end}`) ? `${start}${end}` : `${start}-${end}`))
    .replace(/\s+/g, ' ')
    .trim();

/** A word a full stop ends without ending the sentence: an abbreviation, or an initial. */
const ABBREVIATION = /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|approx|incl|resp|no|fig|sec|ch|\p{L})\.$/iu;

/** A text's sentences, a full stop (or ! or ?) then whitespace ending one whatever letter starts the next. */
function wrappedSentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const part of text.split(/(?<=[.!?]["'”’)\]]?)\s+(?=[\p{L}\p{N}])/u)) {
    const last = sentences.at(-1);
    if (last !== undefined && ABBREVIATION.test(last)) sentences[sentences.length - 1] = `${last} ${part}`;
    else sentences.push(part);
  }
  return sentences;
}

/**
 * A piece's shape (shapeOf) where it stands in its paragraph: a short last line after sentences of its own paragraph
 * ("… part of the filename. Thus" above an example) ends that paragraph, it heads nothing.
 */
function shapeInParagraph(paragraph: readonly { line: string }[], position: number, nextParagraph: string | undefined): SentenceShape {
  const line = paragraph[position]?.line ?? '';
  const next = paragraph[position + 1]?.line;
  const shape = shapeOf(line, next ?? firstLineOf(nextParagraph));
  return shape === 'heading' && next === undefined && position > 0 ? 'sentence' : shape;
}

/** A section's number ending a piece ("6. OTHER ISSUES 6.1."): the next line's number, joined to a title above it. */
const ENDS_WITH_SECTION_NUMBER = /\s\d{1,3}\.\d[\d.]{0,8}$/;
/** The longest title after a section's number that a table of contents' line holds. */
const LONGEST_CONTENTS_TITLE = 120;

/**
 * A table of contents' line, a list's item without its bullet: a section's number, a question, a title after a
 * section's number without a sentence's end ("4.1. I keep getting …"), or any short title after a section's
 * number of two levels or more ("5.9." "The 'r' command isn't inserting the file into the text."), which a
 * numbered step ("2. Run make.") is not. `previous` is the sentence before it in the passage.
 */
const isContentsLine = (sentence: CandidateSentence, previous: CandidateSentence | undefined): boolean => {
  const text = sentence.text.replace(/^[•‣◦▪∙·*o?-]\s+/, '');
  if (/^\d{1,3}\.$/.test(text) || BARE_NUMBER.test(text) || (sentence.shape === 'item' && ENDS_WITH_SECTION_NUMBER.test(text))) return true;
  const afterSectionNumber = previous !== undefined && (BARE_NUMBER.test(previous.text) || ENDS_WITH_SECTION_NUMBER.test(previous.text));
  if (afterSectionNumber && text.length <= LONGEST_CONTENTS_TITLE) return true;
  return (sentence.shape === 'item' || sentence.shape === 'question') && (/\?$/.test(text) || ((/^\d{1,3}\.\s/.test(text) || NUMBERED_LINE.test(text)) && !/[.!:;,]$/.test(text)));
};
/** The fewest such lines in a row that make a table of contents. */
const SHORTEST_CONTENTS = 3;

/** A passage's table of contents (a run of its lines) read as headings: never quoted, never the answer. */
function withContentsAsHeadings(sentences: CandidateSentence[]): CandidateSentence[] {
  let start = 0;
  for (let end = 0; end <= sentences.length; end += 1) {
    const sentence = sentences[end];
    if (sentence && isContentsLine(sentence, sentences[end - 1])) continue;
    if (end - start >= SHORTEST_CONTENTS) for (let index = start; index < end; index += 1) sentences[index] = { ...(sentences[index] as CandidateSentence), shape: 'heading' };
    start = end + 1;
  }
  return sentences;
}

/** A paragraph's first line with words, so that a title alone in its paragraph heads the next. */
const firstLineOf = (paragraph: string | undefined): string | undefined => paragraph?.split('\n').find((line) => /[\p{L}\p{N}]/u.test(line));

/** A FAQ's entry title without a question mark: a paragraph of a number alone then one line ("5.3." "I keep getting … message"). */
const isNumberedTitle = (paragraph: readonly { text: string }[], position: number): boolean =>
  position === 1 && paragraph.length === 2 && isBareNumber(paragraph[0]);

/** The number a FAQ's numbered entry starts with ("4. compress() returns Z_BUF_ERROR." : 4). */
const entryNumberOf = (text: string): number | null => {
  const number = /^\s*(\d{1,3})[.)]\s/.exec(text)?.[1];
  return number === undefined ? null : Number(number);
};

/**
 * A later entry of a numbered FAQ whose title is no question ("4. compress() returns Z_BUF_ERROR." in a passage
 * headed "3. Where can I get …?"): a paragraph of that one line, numbered past the passage's own entry (a step
 * of the entry's answer, "1. …", numbers below it).
 */
function isLaterEntry(titleNumber: number | null, paragraph: readonly { text: string }[], position: number): boolean {
  if (titleNumber === null || position !== 0 || paragraph.length !== 1) return false;
  const number = entryNumberOf(paragraph[0]?.text ?? '');
  return number !== null && number > titleNumber;
}

/**
 * The answer's text: the chosen sentences, after the option they describe when the first of them does not
 * name it itself ("‘--no-check-certificate’: … you can use this option to bypass the verification …").
 */
export function answerText(chosen: readonly CandidateSentence[]): string {
  const text = chosen.map((sentence) => (sentence.moreItems ? `${sentence.text} (and ${sentence.moreItems} more)` : sentence.text)).join(' ');
  const entry = chosen[0]?.entry;
  return entry && !text.startsWith(entry) ? `${entry}: ${text}` : text;
}

/**
 * How well each sentence answers: the share of the question's weight (IDF; a synonym for its weight) it holds,
 * a little more when it holds what the kind of question asks for (an option for "how do I…", a number for
 * "how much…"), and no score at all outside the passages nearly as relevant as the best.
 */
function scoresOf(sentences: readonly CandidateSentence[], question: string, terms: readonly QuestionTerm[], relevance: readonly number[]): number[] {
  const own = terms.filter((term) => term.source === undefined);
  const total = own.reduce((sum, term) => sum + term.idf, 0);
  const best = Math.max(0, ...relevance);
  const wantsOption = HOW_TO.test(question);
  const wantsNumber = QUANTITY.test(question);
  const wantsDefinition = WHAT_IS.test(question);
  // An option the question types is a word English may drop ("-A", "-a"): its description is what is asked.
  const typed = new Set(namedOptions(question));
  const coverageOf = (held: ReadonlySet<string>): number => {
    const credit = new Map<string, number>();
    for (const term of terms) {
      if (!held.has(term.term)) continue;
      for (const key of ownTermsOf(term)) credit.set(key, Math.max(credit.get(key) ?? 0, term.weight));
    }
    return total === 0 ? 0 : own.reduce((sum, term) => sum + term.idf * (credit.get(term.term) ?? 0), 0) / total;
  };
  const raw = sentences.map((sentence, position) => {
    if (!quotable(relevance, sentence.passage)) return 0;
    // A line that announces a listing ("… you can try to build a debug enabled binary:" above "./configure --debug")
    // says what it holds: the two are read as one.
    const announced = announcedListing(sentences, position);
    const coverage = coverageOf(new Set([...sentence.terms, ...announced.flatMap((line) => line.terms)]));
    // A point is made by sentences together ("Suppose you delete a branch …" then "… find the lost commits …"): what
    // the sentence before, in the paragraph, adds to one that holds some of the question counts a little.
    const previous = sentences[position - 1];
    const continues = coverage > 0 && previous !== undefined && previous.passage === sentence.passage && previous.paragraph === sentence.paragraph && previous.shape === 'sentence';
    const context = continues ? coverageOf(new Set([...sentence.terms, ...previous.terms])) - coverage : 0;
    const kind =
      (wantsOption && (OPTION.test(sentence.text) || announced.some((line) => OPTION.test(line.text))) ? 0.15 : 0) +
      (wantsNumber && holdsNumber(sentence.text) ? 0.15 : 0) +
      (wantsDefinition && coverage > 0 && (DEFINES.test(sentence.text) || tagsAskedTerm(sentences, position, own)) ? 0.15 : 0) +
      keyCredit(sentence.entry, own, total) +
      ((relevance[sentence.passage] ?? 0) >= best &&
      ((sentence.entry !== null && wordsOfEntry(sentence.entry).some((word) => typed.has(comparableOption(word.split('=')[0] ?? '')))) || typed.has(paragraphTagOf(sentences, position) ?? ''))
        ? TYPED_OPTION_CREDIT
        : 0);
    // A passage's first sentences are where a section says what it is about; a very slight lead breaks ties.
    // What the words miss, the meaning may hold ("keep it hidden" for "prevent … from being seen").
    const meaning = MEANING_WEIGHT * Math.max(0, sentence.similarity ?? 0);
    const score = coverage + CONTEXT_SHARE * context + kind + meaning + (coverage > 0 ? 0.01 / (1 + sentence.index) : 0);
    // The search weighed more than a sentence's words (headings, proximity, meaning): a less relevant passage's sentence must hold more.
    return best === 0 ? score : score * ((relevance[sentence.passage] ?? 0) / best);
  });
  // A question line or a heading that matches is evidence for the text that answers it: the sentence after it.
  return raw.map((score, position) => {
    const sentence = sentences[position];
    if (!sentence || sentence.shape === 'heading' || sentence.shape === 'question') return 0;
    let lead = 0;
    for (let back = position - 1; back >= Math.max(0, position - MOST_LEADING_LINES); back -= 1) {
      const earlier = sentences[back];
      if (!earlier || earlier.passage !== sentence.passage || (earlier.shape !== 'heading' && earlier.shape !== 'question')) break;
      lead = Math.max(lead, raw[back] ?? 0);
    }
    return Math.max(score, lead);
  });
}

/** The listing the sentence at `position` announces (it ends with a colon, the listing follows in its passage), or none. */
function announcedListing(sentences: readonly CandidateSentence[], position: number): CandidateSentence[] {
  const sentence = sentences[position];
  if (!sentence || sentence.listing || !sentence.text.endsWith(':')) return [];
  const lines: CandidateSentence[] = [];
  for (let next = position + 1; sentences[next]?.listing && sentences[next]?.passage === sentence.passage && sentences[next]?.paragraph === sentences[position + 1]?.paragraph; next += 1) {
    const line = sentences[next];
    if (line) lines.push(line);
  }
  return lines;
}

/**
 * The credit of a definition whose key the question names: an option of one word the question uses ("keep" for
 * "‘--keep’ ‘-k’"), that word's share again; a code the question holds ("exit status 8" for "8"), KEY_CODE_CREDIT.
 */
function keyCredit(entry: string | null, own: readonly QuestionTerm[], total: number): number {
  if (entry === null || total === 0) return 0;
  if (/^\d+$/.test(entry)) return own.some((term) => term.word === entry) ? KEY_CODE_CREDIT : 0;
  const names = optionNames(entry);
  if (names.length === 0 && entryOf(entry) === null) return termCredit(entry, own, total);
  const named = (word: string) => names.some((name) => word === name || (name.length >= 4 && word.startsWith(name)));
  return own.filter((term) => named(term.word.toLowerCase())).reduce((sum, term) => sum + term.idf, 0) / total;
}

/** A tag that heads its paragraph's description ("XZ_OPT This is for passing options …"): a term, then a capital; not code ("XZ_OPT=-2v tar …"), nor an option (its entry, entryOf). */
const TAGGED_DESCRIPTION = /^[‘'"`]?([\p{L}\p{N}_$][\p{L}\p{N}_.$-]{1,39})[’'"`]?:?\s+\p{Lu}/u;
/** Words more common than this in everyday English ("A", "The") are no term a question asks about (informativenessOf). */
const TERM_INFORMATIVENESS = 1.5;

/**
 * Whether the sentence at `position` starts its paragraph with a word the question asks about, as a tagged list
 * sets a term above or before its description (a manual page's environment variables and settings: "XZ_OPT This
 * is for passing options to xz …"), rather than using it (an example's "XZ_OPT=${XZ_OPT-"-7e"} export XZ_OPT").
 */
function tagsAskedTerm(sentences: readonly CandidateSentence[], position: number, own: readonly QuestionTerm[]): boolean {
  const tag = paragraphTagOf(sentences, position);
  return tag !== undefined && own.some((term) => term.informativeness >= TERM_INFORMATIVENESS && term.word.toLowerCase() === tag);
}

/** The tag the sentence at `position` starts its paragraph with, lower-case (TAGGED_DESCRIPTION: "xz_opt" of "XZ_OPT This is for …"). */
function paragraphTagOf(sentences: readonly CandidateSentence[], position: number): string | undefined {
  const sentence = sentences[position];
  const previous = sentences[position - 1];
  if (!sentence || (previous !== undefined && previous.passage === sentence.passage && previous.paragraph === sentence.paragraph)) return undefined;
  return TAGGED_DESCRIPTION.exec(sentence.text)?.[1]?.toLowerCase();
}

/**
 * A defined term's credit when the question names all of it ("cat page" for "What are cat pages?", not "cat page
 * hierarchy"): the share of the question's weight its words hold.
 */
function termCredit(term: string, own: readonly QuestionTerm[], total: number): number {
  const words = term.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  const naming = (word: string) => own.filter((term) => term.word.toLowerCase() === word || word.startsWith(term.term) || term.term.startsWith(word));
  if (words.length === 0 || words.some((word) => naming(word).length === 0)) return 0;
  return [...new Set(words.flatMap(naming))].reduce((sum, term) => sum + term.idf, 0) / total;
}

/**
 * The sentences to quote, in the order they stand. When the best sentence is in a FAQ's entry (under a question
 * heading, or after a question line in the passage: "Q: …?"), the entry's answer is quoted (faqEntryAnswer); when
 * it is in a short section (`sections`, sectionOf), the section is quoted whole. Else the
 * best one (never a heading-like line or a question), then the sentences after it in the same passage while
 * they add to the answer (they hold some of the question, lean on it, it ends with a colon, or they introduce a list
 * an item of which holds some of the question) and it stays
 * short; the sentence before the first is quoted too when the first leans on it ("This…"), it is an option's
 * name above its description, or it holds what the question asks for (a number, an option) and the quote does
 * not. A list is quoted with its lead-in and its items (answer-lists.ts), and a quote that ends on a lead-in with
 * what it leads to (withLeadInCompleted).
 */
export function chooseSentences(
  sentences: readonly CandidateSentence[],
  question: string,
  terms: readonly QuestionTerm[],
  relevance: readonly number[],
  sections: readonly PassageSection[] = [],
): CandidateSentence[] {
  return withLeadInCompleted(sentences, quotedSentences(sentences, question, terms, relevance, sections));
}

function quotedSentences(
  sentences: readonly CandidateSentence[],
  question: string,
  terms: readonly QuestionTerm[],
  relevance: readonly number[],
  sections: readonly PassageSection[],
): CandidateSentence[] {
  const scores = scoresOf(sentences, question, terms, relevance);
  // The most relevant passage is a FAQ entry: the search matched the visitor's question to the entry's (its own
  // window, its heading), more than one sentence's words can; its answer is the answer when it holds any of the question.
  const entryFirst = sections[0] === 'entry' && (relevance[0] ?? 0) >= Math.max(0, ...relevance);
  const inEntry = entryFirst && sentences.some((sentence, position) => sentence.passage === 0 && (scores[position] ?? 0) > 0);
  let best = -1;
  scores.forEach((score, position) => {
    if (inEntry && sentences[position]?.passage !== 0) return;
    if (score > 0 && (best < 0 || score > (scores[best] ?? 0))) best = position;
  });
  const first = sentences[best];
  if (!first) return [];
  const entryAnswer = faqEntryAnswer(sentences, best, sections[first.passage] === 'entry');
  if (entryAnswer) return entryAnswer;
  // An option's, a code's or a term's description is the answer, not the whole list it stands in.
  if (sections[first.passage] === 'short' && first.entry === null) {
    const section = sentences.filter((sentence) => sentence.passage === first.passage);
    const start = section.findIndex((sentence) => sentence.shape !== 'heading' && sentence.shape !== 'question');
    if (start >= 0) return section.slice(start);
  }
  // An option's item of a list of options answers by its own description (below), not with the whole list.
  if (first.shape === 'item' && (first.entry === null || entryOf(first.text) === null)) return withSentenceAfter(sentences, scores, withListItems(sentences, best));
  // Every row holds the columns' names: the row that holds most of the question is the answer, alone.
  if (first.tableRow) return [first];
  const chosen = [first];
  const length = () => chosen.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
  for (let next = best + 1; sentencesIn(sentences, chosen) < MAX_ANSWER_SENTENCES; next += 1) {
    const sentence = sentences[next];
    if (!sentence || sentence.passage !== first.passage || sentence.shape === 'heading' || length() + sentence.text.length > MAX_ANSWER_CHARACTERS) break;
    // An option's (or a code's) description ends where the next one's starts.
    if (first.entry !== null && sentence.entry !== first.entry) break;
    if (sentence.shape === 'item' && chosen.at(-1)?.text.endsWith(':')) return withSentenceAfter(sentences, scores, [...before(sentences, scores, best, chosen), ...withListItems(sentences, next, chosen)]);
    const adds =
      (scores[next] ?? 0) > 0 ||
      (chosen.at(-1)?.text.endsWith(':') ?? false) ||
      LEANS_BACK.test(sentence.text) ||
      addsWanted(question, chosen, sentence) ||
      introducesListHolding(sentences, scores, next);
    if (!adds) break;
    chosen.push(sentence);
  }
  const lead = before(sentences, scores, best, chosen, question, [first]);
  // The sentence before counts among the most quoted and within the bound: the last ones after give way to it.
  const quoteLength = () => [...lead, ...chosen].reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
  while (lead.length > 0 && chosen.length > 1 && (sentencesIn(sentences, chosen) + sentencesIn(sentences, lead) > MAX_ANSWER_SENTENCES || quoteLength() > MAX_ANSWER_CHARACTERS + LEAD_ROOM)) chosen.pop();
  return withLaterAsks(sentences, fromDefinitionStart(sentences, wholeParagraph(sentences, [...lead, ...chosen])), question, terms, MAX_ANSWER_CHARACTERS + LONGEST_SENTENCE);
}

/**
 * A quote from inside an option's description keeps the option and what it does: it starts where the description
 * does ("-optimize  Perform optimization of entropy encoding parameters.", above "-optimize usually makes the
 * JPEG file a little smaller …"), when that stays within the bound.
 */
function fromDefinitionStart(sentences: readonly CandidateSentence[], quote: CandidateSentence[]): CandidateSentence[] {
  const first = quote[0];
  if (!first || first.entry === null) return quote;
  const at = sentences.indexOf(first);
  let start = at;
  while (start > 0 && sentences[start - 1]?.passage === first.passage && sentences[start - 1]?.entry === first.entry && sentences[start - 1]?.paragraph === first.paragraph) start -= 1;
  if (start === at || entryOf(sentences[start]?.text ?? '') === null) return quote;
  const opening = sentences.slice(start, at);
  const length = [...opening, ...quote].reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
  return length <= MAX_ANSWER_CHARACTERS + LONGEST_SENTENCE ? [...opening, ...quote] : quote;
}

/** A piece of prose that ends like a sentence. */
const ENDS_SENTENCE = /[.!?:;]["'”’)\]]*$/;
/** How many pieces on a sentence broken by lines set apart may run before its end: "… by NFS mounting", "<other-sys>:/usr", "somewhere on …". */
const MOST_BROKEN_PIECES = 2;

/**
 * Whether the piece of prose at `at` is the start of a sentence broken by a line set apart (a command, a path),
 * which ends within MOST_BROKEN_PIECES pieces in a piece that goes on in lower case: it counts with that end.
 */
function breaksOff(sentences: readonly CandidateSentence[], at: number): boolean {
  const piece = sentences[at];
  if (!piece || piece.shape !== 'sentence' || piece.tableRow || ENDS_SENTENCE.test(piece.text)) return false;
  for (let next = at + 1; next <= at + MOST_BROKEN_PIECES; next += 1) {
    const later = sentences[next];
    if (!later || later.passage !== piece.passage || later.shape !== 'sentence' || later.tableRow) return false;
    if (ENDS_SENTENCE.test(later.text)) return /^\p{Ll}/u.test(later.text);
  }
  return false;
}

/** How many sentences the chosen pieces make: a sentence broken by a command or a path on a line of its own counts once. */
const sentencesIn = (sentences: readonly CandidateSentence[], chosen: readonly CandidateSentence[]): number =>
  chosen.filter((piece) => !breaksOff(sentences, sentences.indexOf(piece))).length;

/**
 * A sentence quoted alone is quoted with the rest of its paragraph when that is short prose (at most
 * MAX_ANSWER_SENTENCES sentences within MAX_ANSWER_CHARACTERS): a point is made by its paragraph, and the
 * sentence that matches best is often the one that sums it up ("The backslashes are stripped out …" after
 * "Hyphens … must be preceded by a backslash").
 */
function wholeParagraph(sentences: readonly CandidateSentence[], quote: CandidateSentence[]): CandidateSentence[] {
  const [alone] = quote;
  if (!alone || quote.length > 1) return quote;
  const paragraph = sentences.filter((sentence) => sentence.passage === alone.passage && sentence.paragraph === alone.paragraph);
  const length = paragraph.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
  const prose = paragraph.every((sentence) => sentence.shape === 'sentence' && !sentence.tableRow);
  return prose && paragraph.length <= MAX_ANSWER_SENTENCES && length <= MAX_ANSWER_CHARACTERS ? paragraph : quote;
}

/** A section's number alone ("5.3."), as a FAQ's numbered entries start. */
const isBareNumber = (sentence: { text: string } | undefined): boolean => sentence !== undefined && BARE_NUMBER.test(sentence.text);

/** Whether the sentence at `at` is the question that starts a FAQ's entry: it starts its paragraph, carries a marker ("Q:") or follows its number ("4.4. My program crashes…? ", "5.2. Does …?"). */
function startsEntry(sentences: readonly CandidateSentence[], at: number): boolean {
  const sentence = sentences[at];
  if (sentence?.shape !== 'question' || sentence.askersOwn) return false;
  const startsParagraph = (index: number) => sentences[index - 1]?.passage !== sentences[index]?.passage || sentences[index - 1]?.paragraph !== sentences[index]?.paragraph;
  const previous = sentences[at - 1];
  const afterNumber = previous !== undefined && startsParagraph(at - 1) && previous.paragraph === sentence.paragraph && (isBareNumber(previous) || (previous.shape !== 'question' && NUMBERED_LINE.test(previous.text)));
  return startsParagraph(at) || hasQuestionMarker(sentence.text) || afterNumber;
}

/**
 * The answer part of the FAQ entry that the sentence at `at` belongs to, within its passage (a plain-text FAQ:
 * "Q: …? A: …", or a question line above its answer): every sentence from after the entry's question to the
 * next entry's, or its whole paragraphs up to FAQ_ENTRY_CHARACTERS; null when `at` is in no entry or past that.
 */
function faqEntryAnswer(sentences: readonly CandidateSentence[], at: number, underQuestion: boolean): CandidateSentence[] | null {
  const passage = sentences[at]?.passage;
  const inPassage = (index: number) => sentences[index]?.passage === passage;
  const starts = (index: number) => startsEntry(sentences, index);
  const opening = sentences.findIndex((sentence) => sentence.passage === passage);
  let start = at;
  while (inPassage(start) && !starts(start)) {
    if (sentences[start]?.shape === 'heading') {
      // Under a question heading, the passage may open with the heading's own lines ("4.2.", "The stack traces … aren't helpful.", "How can I improve them?").
      if (!underQuestion || !opensPassage(sentences, opening, start)) return null;
      start = opening - 1;
      break;
    }
    start -= 1;
  }
  // No question line in the passage before `at`: under a question heading, the passage opens with its answer.
  if (!inPassage(start) && !underQuestion) return null;
  const isQuestionPart = (index: number) => sentences[index]?.shape === 'question' || sentences[index]?.shape === 'heading' || isBareNumber(sentences[index]);
  const question = start;
  while (inPassage(start + 1) && isQuestionPart(start + 1)) start += 1;
  const answer: CandidateSentence[] = [];
  let length = 0;
  for (let index = start + 1; inPassage(index) && !starts(index) && !(isBareNumber(sentences[index]) && starts(index + 1)) && sentences[index]?.shape !== 'heading'; index += 1) {
    const sentence = sentences[index];
    if (!sentence) break;
    length += sentence.text.length + 1;
    if (length > FAQ_ENTRY_CHARACTERS) {
      // A long answer is quoted up to its last whole paragraph within the bound (an addendum left out).
      while (answer.length > 0 && answer.at(-1)?.paragraph === sentence.paragraph) answer.pop();
      break;
    }
    answer.push(sentence);
  }
  // The best sentence is in the answer, or is the entry's question (its lead went to no sentence of the answer).
  const best = sentences[at];
  return best && (answer.includes(best) || (at >= question && at <= start)) && answer.length > 0 ? answer : null;
}

/** Whether the sentences of a passage from its first (`opening`) to `at` are all its title's: headings, questions, a bare number. */
function opensPassage(sentences: readonly CandidateSentence[], opening: number, at: number): boolean {
  for (let index = opening; index <= at; index += 1) {
    const sentence = sentences[index];
    if (!sentence || (sentence.shape !== 'heading' && sentence.shape !== 'question' && !isBareNumber(sentence))) return false;
  }
  return true;
}

/** A quoted list, and the sentence after it when that holds some of the question ("If the file does not end in one of these, … .out appended"). */
function withSentenceAfter(sentences: readonly CandidateSentence[], scores: readonly number[], quoted: CandidateSentence[]): CandidateSentence[] {
  const last = quoted.at(-1);
  if (!last || last.moreItems) return quoted;
  const at = sentences.indexOf(last) + 1;
  const after = sentences[at];
  const length = quoted.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
  const fits = after !== undefined && length + after.text.length <= MAX_LIST_ANSWER_CHARACTERS;
  // A lead-in of its own ("Additional switches … are:") would end the answer on what it leaves out.
  return fits && after.passage === last.passage && after.shape === 'sentence' && !after.text.endsWith(':') && (scores[at] ?? 0) > 0 ? [...quoted, after] : quoted;
}

/**
 * The question of the FAQ entry a quote was taken from, when a question line in its passage starts that entry
 * (a passage holding several entries is headed by its first one's), with its number ("5.3. I keep getting …"):
 * the quote's source names this entry. Its marker ("Q:") left out; null when the quote stands in no such entry.
 */
export function quotedEntryQuestion(sentences: readonly CandidateSentence[], quote: readonly CandidateSentence[]): string | null {
  const first = quote[0];
  if (!first) return null;
  const firstAt = sentences.findIndex((sentence) => sentence.passage === first.passage && sentence.index === first.index);
  let at = firstAt;
  while (at >= 0 && sentences[at]?.passage === first.passage && !startsEntry(sentences, at)) {
    if (sentences[at]?.shape === 'heading') return null;
    at -= 1;
  }
  if (at < 0 || sentences[at]?.passage !== first.passage) return null;
  const numbered = sentences[at - 1];
  if (numbered?.passage === first.passage && numbered.paragraph === sentences[at]?.paragraph && (isBareNumber(numbered) || NUMBERED_LINE.test(numbered.text))) at -= 1;
  const question: string[] = [];
  for (let index = at; sentences[index]?.passage === first.passage && (sentences[index]?.shape === 'question' || index === at) && !sentences[index]?.askersOwn && index < firstAt; index += 1) {
    question.push(sentences[index]?.text ?? '');
    // A title ending with a colon ("… fails with this:"): what it quotes below is no part of the entry's name.
    if (sentences[index]?.text.endsWith(':')) break;
  }
  return question.length === 0 ? null : withoutQuestionMarker(question.join(' '));
}

/** Whether the sentence at `at` is a lead-in ("In short:") to a list of which an item holds some of the question. */
function introducesListHolding(sentences: readonly CandidateSentence[], scores: readonly number[], at: number): boolean {
  const leadIn = sentences[at];
  if (!leadIn?.text.endsWith(':') || sentences[at + 1]?.shape !== 'item') return false;
  for (let index = at + 1; sentences[index]?.passage === leadIn.passage && (sentences[index]?.shape === 'item' || sentences[index]?.shape === 'sentence'); index += 1) {
    if (sentences[index]?.shape === 'item' && (scores[index] ?? 0) > 0) return true;
  }
  return false;
}

/**
 * The sentence before the quote, when the quote needs it: the quote leans on it, it names the option described,
 * or, in the same paragraph, it holds what is asked for or nearly as much of the question as the best one.
 */
function before(sentences: readonly CandidateSentence[], scores: readonly number[], best: number, chosen: readonly CandidateSentence[], question = '', kept: readonly CandidateSentence[] = chosen): CandidateSentence[] {
  const first = sentences[best];
  const previous = sentences[best - 1];
  if (!first || !previous || previous.passage !== first.passage || previous.shape === 'heading' || previous.shape === 'question') return [];
  if (first.entry !== null && previous.entry !== first.entry) return [];
  const length = kept.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
  if (length + previous.text.length > MAX_ANSWER_CHARACTERS + LEAD_ROOM) return [];
  const samePoint =
    (previous.paragraph === first.paragraph && (addsWanted(question, chosen, previous) || (scores[best - 1] ?? 0) >= (scores[best] ?? 0) * NEIGHBOUR_SHARE)) ||
    ((scores[best - 1] ?? 0) > 0 && addsWanted(question, chosen, previous));
  // An option's description is quoted from where it names the option and says what it does.
  const opensEntry = first.entry !== null && previous.paragraph === first.paragraph && entryOf(previous.text) !== null;
  // A listing is quoted with the line that announces it, however long ("… you can either use:" above "$ man git-clone").
  const announced = first.listing === true && !previous.listing && previous.text.endsWith(':');
  const needed = LEANS_BACK.test(first.text) || LEANS_BACK_AFTER_OPENING.test(first.text) || REFERS_BACK.test(first.text) || (TERM_LINE.test(previous.text) && !TABLE_LINE.test(previous.text)) || samePoint || opensEntry || announced;
  return needed ? [previous] : [];
}

/** Whether a neighbour holds what the question asks for (a number for "how much", an option for "how do I") and the quote does not. */
function addsWanted(question: string, chosen: readonly CandidateSentence[], neighbour: CandidateSentence): boolean {
  const lacks = (holds: (text: string) => boolean) => !chosen.some((sentence) => holds(sentence.text)) && holds(neighbour.text);
  return (QUANTITY.test(question) && lacks(holdsNumber)) || (HOW_TO.test(question) && lacks((text) => OPTION.test(text)));
}

/**
 * The quote when no sentence holds any of the question (the passage matched by its heading or its vectors
 * alone): the opening of the most relevant passage that has more than headings and questions (a table of
 * contents has not), those lines left out; a FAQ entry's answer or a short section whole, else up to three sentences.
 */
export function openingSentences(sentences: readonly CandidateSentence[], sections: readonly PassageSection[]): CandidateSentence[] {
  const quotable = sentences.find((sentence) => sentence.shape !== 'heading' && sentence.shape !== 'question');
  if (!quotable) return [];
  const section = sections[quotable.passage] ?? 'part';
  const opening = sentences.filter((sentence) => sentence.passage === quotable.passage);
  const start = opening.indexOf(quotable);
  const entryAnswer = faqEntryAnswer(sentences, sentences.indexOf(quotable), section === 'entry');
  if (entryAnswer) return entryAnswer;
  const chosen: CandidateSentence[] = [];
  let length = 0;
  for (const sentence of opening.slice(start)) {
    if (section !== 'short' && (chosen.length >= MAX_ANSWER_SENTENCES || length + sentence.text.length > MAX_ANSWER_CHARACTERS) && chosen.length > 0) break;
    chosen.push(sentence);
    length += sentence.text.length + 1;
  }
  return chosen;
}
