import { sentencesOf } from '../../ingest/reading/chunk.ts';
import type { QuestionTerm } from '../knowledge/question-terms.ts';

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
  terms: readonly string[];
}

/** The most sentences an answer quotes. */
export const MAX_ANSWER_SENTENCES = 3;
/** An answer stops growing past this many characters. */
const MAX_ANSWER_CHARACTERS = 600;
/** A "sentence" longer than this (a list or a table without full stops) is read line by line. */
const LONGEST_SENTENCE = 300;
/** Sentences of passages less relevant than this share of the best are not quoted. */
const PASSAGE_SHARE = 0.8;

/** A sentence that leans on the one before it ("This…", "However…"). */
const LEANS_BACK = /^(?:this|that|these|those|it|its|they|them|their|such|however|also|but|thus|so|then|otherwise|instead|here|there|in (?:this|that|such) case|for (?:this|that) reason|as a result|in addition|similarly|likewise|note that|because of this)\b/i;
/** A short line without a full stop, such as an option's name above its description ("-c --stdout"). */
const TERM_LINE = /^[^.!?]{1,60}$/;
/** "How do I…", "Can I make…": a question answered by a manual's option or command. */
const HOW_TO = /\b(?:how (?:do|can|could|should) (?:i|we|you)|how to|is (?:it|there) (?:possible|a way|an option)|can (?:i|we|you|it)|what (?:option|command|setting|flag)|(?:turn|switch) (?:off|on)|make \w+ (?:stop|always|never|not))\b/i;
/** An option or a command in the text: "-c", "--continue", "‘-k’". */
const OPTION = /(?:^|[\s‘'"(])--?[a-z0-9][\w=-]*/i;
/** "How much…", "what limit…": a question answered by a number. */
const QUANTITY = /\b(?:how (?:much|many|long|big|large|fast|slow|far|often|likely|small)|what (?:size|limit|range|percentage|value|version)|maximum|minimum|latest|earliest|roughly|at most|at least)\b/i;
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

/**
 * The passages' sentences in order, whitespace made single spaces; `terms` left empty for the caller to fill.
 * A paragraph that starts with an option describes it, and so do the paragraphs after it in the passage until
 * another option's (a manual's option list: the name, then one or more paragraphs about it).
 */
export function sentencesOfPassages(passages: readonly { text: string }[]): CandidateSentence[] {
  return passages.flatMap((passage, passageIndex) => {
    let index = 0;
    let entry: string | null = null;
    return passage.text.split(/\n\s*\n/).flatMap((paragraphText, paragraph) => {
      const sentences = sentencesOf(paragraphText)
        .map((sentence) => sentence.text)
        .flatMap((sentence) => (sentence.length > LONGEST_SENTENCE && sentence.includes('\n') ? sentence.split('\n') : [sentence]))
        .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
        .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
      entry = entryOf(sentences[0] ?? '') ?? entry;
      const described = entry;
      return sentences.map((text) => ({ text, passage: passageIndex, index: index++, paragraph, entry: described, terms: [] }));
    });
  });
}

/**
 * The answer's text: the chosen sentences, after the option they describe when the first of them does not
 * name it itself ("‘--no-check-certificate’: … you can use this option to bypass the verification …").
 */
export function answerText(chosen: readonly CandidateSentence[]): string {
  const text = chosen.map((sentence) => sentence.text).join(' ');
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
  return sentences.map((sentence) => {
    if ((relevance[sentence.passage] ?? 0) < best * PASSAGE_SHARE) return 0;
    const held = new Set(sentence.terms);
    const credit = new Map<string, number>();
    for (const term of terms) {
      if (!held.has(term.term)) continue;
      const key = term.source ?? term.term;
      credit.set(key, Math.max(credit.get(key) ?? 0, term.weight));
    }
    const coverage = total === 0 ? 0 : own.reduce((sum, term) => sum + term.idf * (credit.get(term.term) ?? 0), 0) / total;
    const kind = (wantsOption && OPTION.test(sentence.text) ? 0.15 : 0) + (wantsNumber && NUMBER.test(sentence.text) ? 0.15 : 0);
    // A passage's first sentences are where a section says what it is about; a very slight lead breaks ties.
    return coverage + kind + (coverage > 0 ? 0.01 / (1 + sentence.index) : 0);
  });
}

/**
 * The sentences to quote, in the order they stand: the best one, then the sentences after it in the same
 * passage while they add to the answer (they hold some of the question, or the best one ends with a colon)
 * and it stays short; the sentence before the first is quoted too when the first leans on it ("This…") or
 * it is an option's name above its description.
 */
export function chooseSentences(sentences: readonly CandidateSentence[], question: string, terms: readonly QuestionTerm[], relevance: readonly number[]): CandidateSentence[] {
  const scores = scoresOf(sentences, question, terms, relevance);
  let best = -1;
  scores.forEach((score, position) => {
    if (score > 0 && (best < 0 || score > (scores[best] ?? 0))) best = position;
  });
  const first = sentences[best];
  if (!first) return [];
  const chosen = [first];
  const length = () => chosen.reduce((sum, sentence) => sum + sentence.text.length + 1, 0);
  for (let next = best + 1; chosen.length < MAX_ANSWER_SENTENCES; next += 1) {
    const sentence = sentences[next];
    if (!sentence || sentence.passage !== first.passage || length() + sentence.text.length > MAX_ANSWER_CHARACTERS) break;
    const adds = (scores[next] ?? 0) > 0 || (chosen.at(-1)?.text.endsWith(':') ?? false) || LEANS_BACK.test(sentence.text);
    if (!adds) break;
    chosen.push(sentence);
  }
  const before = sentences[best - 1];
  if (before && before.passage === first.passage && (LEANS_BACK.test(first.text) || TERM_LINE.test(before.text)) && length() + before.text.length <= MAX_ANSWER_CHARACTERS + 100) {
    chosen.unshift(before);
  }
  return chosen;
}
