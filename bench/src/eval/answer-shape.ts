import { answerText } from './metrics.ts';
import { normaliseForMatch } from './text-match.ts';

/**
 * What an answer says, and whether it says anything at all: an extractive answer that only repeats a FAQ's
 * question line ("Why don't I see SMP (per-CPU) stats in top?") or a heading ("2.6. Recovering data from
 * damaged files") holds no answer, however right the passage it came from. Pure; docs/bot.md says how the
 * evaluation counts them.
 */

/** One line of a document as the server's parser reads it (clean-pages.ts' SourceLine, the fields used here). */
export interface DocumentLine {
  text: string;
  /** A blank line (or a wider gap in a PDF) stood before it. */
  paragraphStart: boolean;
}

/** A document's question lines and headings, normalised (normaliseForMatch), for telling an answer that is only one of them. */
export interface QuestionsAndHeadings {
  questions: string[];
  headings: string[];
}

/**
 * The answer's own text: its HTML read as text (metrics.ts' answerText) without where it comes from, the
 * extractive answer's closing "Source: <cite>…</cite>" paragraph or the LLM answer's "Sources" list.
 */
export function answerBody(html: string): string {
  const cite = html.indexOf('<cite>');
  const citeParagraph = cite < 0 ? -1 : html.lastIndexOf('<p>', cite);
  const sourcesList = html.indexOf('<p><strong>Sources</strong></p>');
  const end = Math.min(...[citeParagraph >= 0 ? citeParagraph : cite, sourcesList].filter((at) => at >= 0), html.length);
  return answerText(html.slice(0, end));
}

/** A FAQ entry's question marker: "Q:", "Q)", "Q1)", "Q." (and the answer's, "A:", "A2)"). */
const QUESTION_MARK = /^\s*Q\d*\s*[:).]\s*/i;
const ANSWER_MARK = /^\s*A\d*\s*[:).]/i;
/** A leading numbering or marker that is no part of what a line says: "4b.", "2.6.", "1)", "Q:", "*", "-". */
const LEADING_MARK = /^\s*(?:Q\d*\s*[:).]|\d{1,3}[a-z]?(?:\.\d{1,3})*[.)]?(?=\s)|[*•-](?=\s))\s*/i;
/** A question's line ends with "?", maybe inside a closing quote or bracket. */
const ENDS_AS_QUESTION = /\?["'”’)\]]*$/;
/** The most lines a FAQ's question is wrapped over. */
const QUESTION_LINES = 4;
/** A heading-like line is at most this long (the parser's PDF headings 150; a text's title line may be longer). */
const LONGEST_HEADING = 200;
/** Text a heading does not hold: an ending punctuation of a sentence, or code (a path, an option, a setting, markup). */
const SENTENCE_END = /[.,;:!?]["'”’)\]]*$/;
const CODE = /[/\\=$<>{}|`@]|--|\w\(\)/;
/** Words and a few look-alikes of a heading's numbering: "2.6.", "A.", "Chapter 3". */
const STARTS_AS_HEADING = /^(?:\p{Lu}|\d)/u;
/** Fewer words than this are not compared with the documents' lines (a "Yes." would be found in any). */
const FEWEST_WORDS = 2;

/**
 * A table of contents' line: it starts with a section's number of two levels or more ("5.9. The 'r' command
 * isn't inserting the file into the text."), or with one level and no sentence's end ("6. OTHER ISSUES"), or it
 * asks (a wrapped entry's second line). A numbered step ("2. Hold both buttons.") is none.
 */
const isContentsShaped = (text: string): boolean =>
  /^\s*\d{1,3}\.\d{1,3}(?:\.\d{1,3})*\.?\s+\S/.test(text) || (/^\s*\d{1,3}[.)]\s+\S/.test(text) && !SENTENCE_END.test(text.trim())) || ENDS_AS_QUESTION.test(text.trim());
/** The fewest such lines in a row that make a table of contents (as the server's answer-sentences.ts reads one). */
const SHORTEST_CONTENTS = 3;

/** The lines of the documents' tables of contents: runs of SHORTEST_CONTENTS contents-shaped lines or more. */
function contentsLinesOf(lines: readonly DocumentLine[]): string[] {
  const found: string[] = [];
  let run: string[] = [];
  const close = () => {
    if (run.length >= SHORTEST_CONTENTS) found.push(...run);
    run = [];
  };
  for (const line of lines) {
    if (line.text.trim().length <= LONGEST_HEADING && isContentsShaped(line.text)) run.push(line.text.trim());
    else close();
  }
  close();
  return found;
}

const bare = (text: string): string => normaliseForMatch(text.replace(LEADING_MARK, '').replace(/:\s*$/, ''));
const wordCount = (text: string): number => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

/**
 * A document's FAQ questions (an entry's question, however many lines it is wrapped over: from a "Q:" line or
 * a paragraph's first line up to the line that ends with "?", or up to the "A:" line) and its heading-like
 * lines: the headings the parser found (`headings`, document-sections.ts) and the lines shaped as headings,
 * a paragraph of one short line, starting with a capital or a numbering, without a sentence's final
 * punctuation and without code in it.
 */
export function questionsAndHeadingsOf(lines: readonly DocumentLine[], headings: readonly string[]): QuestionsAndHeadings {
  const questions = new Set<string>();
  const headingLines = new Set(headings.map(bare).filter((heading) => heading !== ''));
  lines.forEach((line, index) => {
    const marked = QUESTION_MARK.test(line.text);
    if (marked || line.paragraphStart) {
      const parts: string[] = [];
      for (let next = index; next < Math.min(lines.length, index + QUESTION_LINES); next += 1) {
        const text = lines[next]?.text ?? '';
        if (next > index && (lines[next]?.paragraphStart || ANSWER_MARK.test(text))) break;
        parts.push(text.trim());
        if (ENDS_AS_QUESTION.test(text.trim())) break;
      }
      const question = parts.join(' ');
      if (ENDS_AS_QUESTION.test(question) || (marked && parts.length > 0)) questions.add(bare(question));
    }
    const text = line.text.trim();
    const next = lines[index + 1];
    const alone = line.paragraphStart && (!next || next.paragraphStart || /^\s*([*=\-~^#+_.'])\1{2,}\s*$/.test(next.text));
    if (alone && text.length <= LONGEST_HEADING && STARTS_AS_HEADING.test(text) && !SENTENCE_END.test(text) && !CODE.test(text) && /\p{L}/u.test(text)) {
      headingLines.add(bare(text));
    }
  });
  for (const line of contentsLinesOf(lines)) headingLines.add(bare(line));
  return { questions: [...questions].filter((question) => question !== ''), headings: [...headingLines].filter((heading) => heading !== '') };
}

/** The answer's sentences, each without a leading numbering or marker; pieces that are only one are dropped. */
function piecesOf(body: string): string[] {
  return body
    .split(/(?<=[.!?]["'”’)\]]*)\s+/)
    .map((piece) => piece.replace(LEADING_MARK, '').trim())
    .filter((piece) => /[\p{L}\p{N}]/u.test(piece) && !/^\d{1,3}[a-z]?(?:\.\d{1,3})*\.?$/i.test(piece));
}

/**
 * Whether an answer's own text (answerBody) is only a question line or only a heading, and which: `question`
 * when every sentence of it is a question (ends with "?") or the whole is (part of) an entry's question in
 * the documents; `heading` when the whole is (part of) a heading-like line of the documents (a table of
 * contents' line among them), or each of its sentences of some words is part of a heading or a question and
 * one of a heading; null when it says something else (or nothing: a declined question is counted apart).
 */
export function onlyQuestionOrHeading(body: string, documents: QuestionsAndHeadings): 'question' | 'heading' | null {
  const pieces = piecesOf(body);
  if (pieces.length === 0) return null;
  if (pieces.every((piece) => ENDS_AS_QUESTION.test(piece))) return 'question';
  const whole = bare(body);
  if (wordCount(whole) < FEWEST_WORDS) return null;
  if (documents.questions.some((question) => question.includes(whole))) return 'question';
  if (documents.headings.some((heading) => heading.includes(whole))) return 'heading';
  // Lines of a table of contents, of headings and of questions quoted together ("My script aborts with an error
  // message, "event not found". 6. OTHER ISSUES 6.1. I have a problem that stumps me."): each is one of them.
  // A piece may end with the next line's number ("OTHER ISSUES 6.1."): it is no part of what the line says.
  const worded = pieces.map((piece) => bare(piece.replace(/\s\d{1,3}(?:\.\d{1,3})*\.?$/, ''))).filter((piece) => wordCount(piece) >= FEWEST_WORDS);
  const foundIn = (lines: readonly string[]) => (piece: string) => lines.some((line) => line.includes(piece));
  if (worded.length > 1 && worded.every((piece) => foundIn(documents.headings)(piece) || foundIn(documents.questions)(piece))) {
    return worded.some(foundIn(documents.headings)) ? 'heading' : 'question';
  }
  return null;
}
