import { ownTermsOf, type QuestionTerm } from '../knowledge/question-terms.ts';
import { HEADING_SEPARATOR } from '../../ingest/reading/chunk.ts';
import { isQuestion, linesOfSentence, partOfHeading, piecesOfParagraph, type SentenceShape, shapeOf, withoutAnswerMarker } from './sentence-shapes.ts';
import { withListItems } from './answer-lists.ts';
import { linesOfTable, rowWithHeader, type TableLine } from './answer-tables.ts';

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
}

/** The most sentences an answer quotes. */
export const MAX_ANSWER_SENTENCES = 3;
/** An answer stops growing past this many characters. */
const MAX_ANSWER_CHARACTERS = 600;
/** A "sentence" longer than this (a list or a table without full stops) is read line by line. */
const LONGEST_SENTENCE = 300;
/** A sentence before the best one, in its paragraph, holding at least this share of its score is part of the same point. */
const NEIGHBOUR_SHARE = 0.5;
/** A passage no longer than this that is a section under a heading is quoted whole… */
const SHORT_SECTION_CHARACTERS = 700;
/** …and one under a question (a FAQ's entry: the answer to it) up to this long. */
const FAQ_ENTRY_CHARACTERS = 1200;
/** Sentences of passages less relevant than this share of the best are not quoted. */
const PASSAGE_SHARE = 0.8;

/** A sentence that leans on the one before it ("This…", "However…"). */
const LEANS_BACK = /^(?:this|that|these|those|it|its|they|them|their|such|however|also|but|thus|so|then|otherwise|instead|here|there|in (?:this|that|such) case|for (?:this|that) reason|as a result|in addition|similarly|likewise|note that|because of this)\b/i;
/** A sentence whose subject leans on the one before, after an opening phrase ("In that case, it…", "For recursive programs, this…"). */
const LEANS_BACK_AFTER_OPENING = /^[^,;:.!?]{3,50},\s+(?:this|these|those|it|they|such)\b/i;
/** A short line without a full stop, such as an option's name above its description ("-c --stdout"). */
const TERM_LINE = /^[^.!?]{1,60}$/;
/** "How do I…", "Can I make…": a question answered by a manual's option or command. */
const HOW_TO = /\b(?:how (?:do|can|could|should) (?:i|we|you)|how to|is (?:it|there) (?:possible|a way|an option)|can (?:i|we|you|it)|what (?:option|command|setting|flag)|(?:turn|switch) (?:off|on)|make \w+ (?:stop|always|never|not))\b/i;
/** An option or a command in the text: "-c", "--continue", "‘-k’". */
const OPTION = /(?:^|[\s‘'"(])--?[a-z0-9][\w=-]*/i;
/** "How much…", "what limit…": a question answered by a number. */
const QUANTITY = /\b(?:how (?:much|many|long|big|large|fast|slow|far|often|likely|small)|what (?:size|limit|range|percentage|value|version)|default|maximum|minimum|latest|earliest|roughly|at most|at least)\b/i;
const NUMBER = /\d/;

/** One option as a manual lists it: "-c", "--continue", "‘-k’", "(--fast)". */
const OPTION_WORD = /^[‘'"`(]?--?[\p{L}\p{N}][\w=.<>|/-]{0,60}[’'"`)]?,?$/u;

/** The options a definition starts with: "‘-c’ ‘--continue’", "-c --stdout", "-1 (or --fast) to -9"; null when it starts with none. */
function entryOf(sentence: string): string | null {
  const words = sentence.split(' ');
  let end = 0;
  while (end < words.length && (OPTION_WORD.test(words[end] ?? '') || (end > 0 && /^(?:or|to)$/.test(words[end] ?? '') && OPTION_WORD.test(words[end + 1] ?? '')))) end += 1;
  return end === 0 ? null : words.slice(0, end).join(' ').replace(/,$/, '');
}

/** Whether a passage is quoted whole when it holds the best sentence: a short section under its heading, or a FAQ's entry. */
export function isWholeSection(passage: { text: string; heading: string | null }): boolean {
  const question = passage.heading?.split(HEADING_SEPARATOR).at(-1);
  if (question === undefined) return false;
  return passage.text.length <= (isQuestion(question) ? FAQ_ENTRY_CHARACTERS : SHORT_SECTION_CHARACTERS);
}

/**
 * The passages' sentences in order, whitespace made single spaces; `terms` left empty for the caller to fill.
 * A sentence that is part of the passage's own heading (a FAQ's question, which the entry's text keeps) is a
 * question line, never quoted. A paragraph that starts with an option describes it, and so do the paragraphs after it in the passage until
 * another option's (a manual's option list: the name, then one or more paragraphs about it).
 */
export function sentencesOfPassages(passages: readonly { text: string; heading?: string | null }[]): CandidateSentence[] {
  return passages.flatMap((passage, passageIndex) => {
    const inHeading = partOfHeading(passage.heading?.split(HEADING_SEPARATOR).at(-1));
    let index = 0;
    let entry: string | null = null;
    return passage.text.split(/\n\s*\n/).flatMap((paragraphText, paragraph) => {
      const lines = piecesOfParagraph(paragraphText).flatMap((sentence, position): TableLine[] =>
        sentence.length > LONGEST_SENTENCE && sentence.includes('\n')
          ? linesOfTable(sentence)
          : linesOfSentence(sentence, position === 0).map((line) => ({ line })),
      );
      // A table's row is quoted with its columns' names, and scored with them too.
      const sentences = lines
        .map(({ line, cells, header }) => ({ line, row: cells !== undefined, text: withoutAnswerMarker(rowWithHeader(line, cells, header).replace(/\s+/g, ' ').trim()) }))
        .filter(({ text }) => /[\p{L}\p{N}]/u.test(text));
      entry = entryOf(sentences[0]?.text ?? '') ?? entry;
      const described = entry;
      return sentences.map(({ line, row, text }, position) => ({
        text,
        passage: passageIndex,
        index: index++,
        paragraph,
        entry: described,
        shape: inHeading(text) ? 'question' : row ? 'sentence' : shapeOf(line, sentences[position + 1]?.line),
        terms: [],
        ...(row ? { tableRow: true as const } : {}),
      }));
    });
  });
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
  const raw = sentences.map((sentence) => {
    if ((relevance[sentence.passage] ?? 0) < best * PASSAGE_SHARE) return 0;
    const held = new Set(sentence.terms);
    const credit = new Map<string, number>();
    for (const term of terms) {
      if (!held.has(term.term)) continue;
      for (const key of ownTermsOf(term)) credit.set(key, Math.max(credit.get(key) ?? 0, term.weight));
    }
    const coverage = total === 0 ? 0 : own.reduce((sum, term) => sum + term.idf * (credit.get(term.term) ?? 0), 0) / total;
    const kind = (wantsOption && OPTION.test(sentence.text) ? 0.15 : 0) + (wantsNumber && NUMBER.test(sentence.text) ? 0.15 : 0);
    // A passage's first sentences are where a section says what it is about; a very slight lead breaks ties.
    const score = coverage + kind + (coverage > 0 ? 0.01 / (1 + sentence.index) : 0);
    // The search weighed more than a sentence's words (headings, proximity, meaning): a less relevant passage's sentence must hold more.
    return best === 0 ? score : score * ((relevance[sentence.passage] ?? 0) / best);
  });
  // A question line or a heading that matches is evidence for the text that answers it: the sentence after it.
  return raw.map((score, position) => {
    const sentence = sentences[position];
    if (!sentence || sentence.shape === 'heading' || sentence.shape === 'question') return 0;
    let lead = 0;
    for (let back = position - 1; back >= 0; back -= 1) {
      const earlier = sentences[back];
      if (!earlier || earlier.passage !== sentence.passage || (earlier.shape !== 'heading' && earlier.shape !== 'question')) break;
      lead = Math.max(lead, raw[back] ?? 0);
    }
    return Math.max(score, lead);
  });
}

/**
 * The sentences to quote, in the order they stand. A short section (`wholeSections`: a passage that is a whole
 * section under its heading, such as a FAQ's entry) is quoted whole when it holds the best sentence. Else the
 * best one (never a heading-like line or a question), then the sentences after it in the same passage while
 * they add to the answer (they hold some of the question, lean on it, it ends with a colon, or they introduce a list
 * an item of which holds some of the question) and it stays
 * short; the sentence before the first is quoted too when the first leans on it ("This…"), it is an option's
 * name above its description, or it holds what the question asks for (a number, an option) and the quote does
 * not. A list is quoted with its lead-in and its items (answer-lists.ts).
 */
export function chooseSentences(
  sentences: readonly CandidateSentence[],
  question: string,
  terms: readonly QuestionTerm[],
  relevance: readonly number[],
  wholeSections: readonly boolean[] = [],
): CandidateSentence[] {
  const scores = scoresOf(sentences, question, terms, relevance);
  let best = -1;
  scores.forEach((score, position) => {
    if (score > 0 && (best < 0 || score > (scores[best] ?? 0))) best = position;
  });
  const first = sentences[best];
  if (!first) return [];
  if (wholeSections[first.passage]) {
    const section = sentences.filter((sentence) => sentence.passage === first.passage);
    const start = section.findIndex((sentence) => sentence.shape !== 'heading' && sentence.shape !== 'question');
    if (start >= 0) return section.slice(start);
  }
  if (first.shape === 'item') return withListItems(sentences, best);
  // Every row holds the columns' names: the row that holds most of the question is the answer, alone.
  if (first.tableRow) return [first];
  const chosen = [first];
  const length = () => chosen.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
  for (let next = best + 1; chosen.length < MAX_ANSWER_SENTENCES; next += 1) {
    const sentence = sentences[next];
    if (!sentence || sentence.passage !== first.passage || sentence.shape === 'heading' || length() + sentence.text.length > MAX_ANSWER_CHARACTERS) break;
    if (sentence.shape === 'item' && chosen.at(-1)?.text.endsWith(':')) return [...before(sentences, scores, best, chosen), ...withListItems(sentences, next, chosen)];
    const adds =
      (scores[next] ?? 0) > 0 ||
      (chosen.at(-1)?.text.endsWith(':') ?? false) ||
      LEANS_BACK.test(sentence.text) ||
      addsWanted(question, chosen, sentence) ||
      introducesListHolding(sentences, scores, next);
    if (!adds) break;
    chosen.push(sentence);
  }
  return [...before(sentences, scores, best, chosen, question), ...chosen];
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
function before(sentences: readonly CandidateSentence[], scores: readonly number[], best: number, chosen: readonly CandidateSentence[], question = ''): CandidateSentence[] {
  const first = sentences[best];
  const previous = sentences[best - 1];
  if (!first || !previous || previous.passage !== first.passage || previous.shape === 'heading' || previous.shape === 'question') return [];
  const length = chosen.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
  if (length + previous.text.length > MAX_ANSWER_CHARACTERS + 100) return [];
  const samePoint = previous.paragraph === first.paragraph && (addsWanted(question, chosen, previous) || (scores[best - 1] ?? 0) >= (scores[best] ?? 0) * NEIGHBOUR_SHARE);
  const needed = LEANS_BACK.test(first.text) || LEANS_BACK_AFTER_OPENING.test(first.text) || TERM_LINE.test(previous.text) || samePoint;
  return needed ? [previous] : [];
}

/** Whether a neighbour holds what the question asks for (a number for "how much", an option for "how do I") and the quote does not. */
function addsWanted(question: string, chosen: readonly CandidateSentence[], neighbour: CandidateSentence): boolean {
  const lacks = (pattern: RegExp) => !chosen.some((sentence) => pattern.test(sentence.text)) && pattern.test(neighbour.text);
  return (QUANTITY.test(question) && lacks(NUMBER)) || (HOW_TO.test(question) && lacks(OPTION));
}

/**
 * The quote when no sentence holds any of the question (the passage matched by its heading or its vectors
 * alone): the most relevant passage's opening, its heading-like lines and question lines left out, whole when
 * it is a short section, else up to three sentences.
 */
export function openingSentences(sentences: readonly CandidateSentence[], wholeSection: boolean): CandidateSentence[] {
  const opening = sentences.filter((sentence) => sentence.passage === 0);
  const start = opening.findIndex((sentence) => sentence.shape !== 'heading' && sentence.shape !== 'question');
  if (start < 0) return [];
  const chosen: CandidateSentence[] = [];
  let length = 0;
  for (const sentence of opening.slice(start)) {
    if (!wholeSection && (chosen.length >= MAX_ANSWER_SENTENCES || length + sentence.text.length > MAX_ANSWER_CHARACTERS) && chosen.length > 0) break;
    chosen.push(sentence);
    length += sentence.text.length + 1;
  }
  return chosen;
}
