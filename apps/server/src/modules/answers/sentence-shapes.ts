import { sentencesOf } from '../../ingest/reading/chunk.ts';
import { ENDS_AS_QUESTION } from '../../ingest/reading/heading-lines.ts';

/**
 * What a quoted piece of a passage is, by its look: a list's item, a heading-like line (a title the parser did
 * not take for a heading, a table of contents' line), a question (a FAQ's question line), or a sentence. A
 * heading or a question is never the whole answer, and a heading is not joined to the sentence after it.
 */
export type SentenceShape = 'sentence' | 'item' | 'heading' | 'question';

/** A list's item: "- …", "• …", "o …" (a plain-text manual's bullet), "1. …", "2) …", "b) …", "(iii) …". */
export const LIST_ITEM = /^\s*(?:[•‣◦▪∙·*o-]|\d{1,2}[.)]|[a-z][.)]|\(\w{1,4}\))\s+\S/;
/** A FAQ's question marker: "Q:", "Q)", "Q3.", "Question:". */
const QUESTION_MARKER = /^\s*(?:Q|Question)\s*\d{0,3}\s*[:).]\s/;
/** An answer's marker, which the quote leaves out: "A:", "A)", "A2)", "Answer:" ("A." could be an initial). */
const ANSWER_MARKER = /^(?:A|Answer)\s*\d{0,3}\s*[:)]\s+(?=\S)/;
/** "A." too, in a text that sets its questions "Q. …" (Debian's FAQs: base-files' "Q. Why …?" above "A. That would be nice, …"). */
const DOTTED_ANSWER_MARKER = /^(?:A|Answer)\s*\d{0,3}\s*[:).]\s+(?=\S)/;
/** Whether a text sets its questions "Q. …", so that its "A." marks an answer, not an initial. */
export const setsDottedMarkers = (text: string): boolean => /^\s*Q\s*\d{0,3}\.\s/m.test(text);
/** What a sentence ends with, and what a heading does not hold (code: a path, an option, a setting). */
const SENTENCE_END = /[.!?:;,]["'”’)\]]*$/;
const CODE = /[/\\=$<>{}|`@_]|--|\s-\w|\w\(\)/;
const LONGEST_HEADING = 80;
const MOST_HEADING_WORDS = 10;
/** A paragraph's first line this much shorter than the next is a title above it, not the start of wrapped prose. */
const TITLE_SHARE = 0.7;

/**
 * A word a heading does not end with: the line breaks off a sentence ("So even though the", "In some circumstances
 * it is more", where a chunk starts inside a wrapped paragraph).
 */
const ENDS_OPEN =
  /\s(?:the|a|an|of|to|and|or|in|on|for|with|by|from|that|as|at|is|are|was|were|be|been|if|than|more|less|it|its|can|could|will|would|should|may|might|must|not|which|who|whose|this|these|those|when|while|but|into|such|also|has|have|had|does|very|your|their|our|his|her|my|about|between|through|because|since|although|though|unless|until)$/i;

const isHeadingLike = (text: string): boolean =>
  text.length <= LONGEST_HEADING &&
  !ENDS_OPEN.test(text) &&
  /^[\p{Lu}\d]/u.test(text) &&
  !SENTENCE_END.test(text) &&
  !CODE.test(text) &&
  text.split(/\s+/).length <= MOST_HEADING_WORDS;

export const hasQuestionMarker = (text: string): boolean => QUESTION_MARKER.test(text);

/** Whether a heading is a question (a FAQ entry's): its section is that question's answer. */
export const isQuestion = (heading: string): boolean => QUESTION_MARKER.test(heading) || ENDS_AS_QUESTION.test(heading.trim());

/** The shape of a piece of text; `next` is the piece after it in the passage (a heading-like line heads something). */
export function shapeOf(text: string, next: string | undefined): SentenceShape {
  const trimmed = text.trim();
  if (LIST_ITEM.test(trimmed)) return 'item';
  if (QUESTION_MARKER.test(trimmed) || ENDS_AS_QUESTION.test(trimmed)) return 'question';
  return next !== undefined && isHeadingLike(trimmed) ? 'heading' : 'sentence';
}

/** A line break before a list's item. */
const BEFORE_ITEM = /\n(?=\s*(?:[•‣◦▪∙·*o-]|\d{1,2}[.)]|[a-z][.)]|\(\w{1,4}\))\s+\S)/;
/** A list's marker left alone by the sentence splitter ("2." of "2. Remove the disk."), or a FAQ's ("Q." of "Q. Why …?", "A." of "A. Yes."). */
const MARKER_ONLY = /^\s*(?:\d{1,2}[.)]|[a-z][.)]|\(\w{1,4}\)|(?:Q|A|Question|Answer)\s*\d{0,3}\.)$/;

/** A paragraph's sentences, each list item starting a sentence of its own, its marker kept on it. */
export function piecesOfParagraph(paragraph: string): string[] {
  return paragraph.split(BEFORE_ITEM).flatMap((part) =>
    sentencesOf(part)
      .map((sentence) => sentence.text)
      .reduce<string[]>((pieces, sentence) => {
        const last = pieces.at(-1);
        if (last !== undefined && MARKER_ONLY.test(last)) pieces[pieces.length - 1] = `${last} ${sentence}`;
        else pieces.push(sentence);
        return pieces;
      }, []),
  );
}

/** A line that starts with an option, as a usage text lists them one a line: "-copy all  Copy all extra markers." */
export const OPTION_LINE = /^\s*[‘'"`(]?--?[\p{L}\p{N}]/u;

/**
 * A sentence of a text file cut where its lines say it holds more than one piece: before each line that starts
 * a list's item, before an option's line after a lead-in ending with a colon ("… such as comment blocks:" above
 * "-copy none  Copy no extra markers …"), and after a paragraph's first line when that is a title ("Overview"
 * above "GNU Wget is …").
 */
export function linesOfSentence(sentence: string, firstOfParagraph: boolean): string[] {
  const lines = sentence.split('\n');
  const pieces: string[] = [];
  lines.forEach((line, position) => {
    const next = lines[position + 1];
    const title =
      position === 0 && firstOfParagraph && next !== undefined && isHeadingLike(line.trim()) && line.trim().length <= next.trim().length * TITLE_SHARE;
    const afterLeadIn = OPTION_LINE.test(line) && (lines[position - 1]?.trimEnd().endsWith(':') ?? false);
    if (pieces.length === 0 || LIST_ITEM.test(line) || afterLeadIn || pieces.at(-1) === '') pieces.push(line);
    else pieces[pieces.length - 1] = `${pieces.at(-1) ?? ''}\n${line}`;
    if (title) pieces.push('');
  });
  return pieces.filter((piece) => piece !== '');
}

export const withoutAnswerMarker = (text: string, dotted = false): string => text.replace(dotted ? DOTTED_ANSWER_MARKER : ANSWER_MARKER, '');
export const withoutQuestionMarker = (text: string): string => text.replace(QUESTION_MARKER, '');

const squeezed = (text: string): string => text.replace(QUESTION_MARKER, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A paragraph that opens with the lines of its section's title and goes on without a blank line (a FAQ entry
 * that states its problem: "3.4. I tried running a Java program … Does Valgrind handle such programs?" above its
 * answer), as the title's lines and the rest, so that the title is read as the heading it is. A title ending with
 * a colon quotes the rest of its paragraph ("2.2. When building Valgrind, 'make' fails with this:" above
 * "/usr/bin/ld: cannot find -lc"): the whole paragraph is the entry's problem, not its answer.
 */
export function withTitleApart(paragraph: string, title: string | undefined): { text: string; title: boolean; titleLines?: string }[] {
  const whole = title === undefined ? '' : squeezed(title);
  const lines = paragraph.split('\n');
  for (let count = 1; whole !== '' && count < Math.min(lines.length, 5); count += 1) {
    const titleLines = lines.slice(0, count).join('\n');
    if (squeezed(titleLines) !== whole) continue;
    if (whole.endsWith(':')) {
      // What the title quotes runs to the paragraph's end, or to an answer's marker ("A: …") that starts the answer.
      const answerAt = lines.findIndex((line, at) => at >= count && ANSWER_MARKER.test(line.trim()));
      if (answerAt < 0) return [{ text: paragraph, title: true, titleLines }];
      return [
        { text: lines.slice(0, answerAt).join('\n'), title: true, titleLines },
        { text: lines.slice(answerAt).join('\n'), title: false },
      ];
    }
    return [{ text: titleLines, title: true }, { text: lines.slice(count).join('\n'), title: false }];
  }
  return [{ text: paragraph, title: false }];
}

/** Whether a sentence is part of a heading (a FAQ entry's question, kept in its text as well as in its heading path). */
export function partOfHeading(heading: string | undefined): (sentence: string) => boolean {
  const whole = heading === undefined ? '' : squeezed(heading);
  return (sentence) => {
    const text = squeezed(sentence);
    return whole !== '' && text.length >= 8 && whole.includes(text);
  };
}
