import { HEADING_SEPARATOR } from '../../ingest/reading/chunk.ts';
import type { CandidateSentence, PassageSection } from './answer-sentences.ts';

/**
 * A FAQ's answer often speaks of what its question names as "this option" ("Q: What does the dhcp-authoritative
 * option do?" "A: … Setting this option makes dnsmasq …"): quoted without the question, it no longer says which.
 * The quote then carries the name as its label, as an option's description does ("dhcp-authoritative: …").
 */

/** What a quote calls the thing asked about: "this option", "the setting", "that flag". */
const REFERS_TO_SUBJECT = /\b(?:this|that|the) (?:option|setting|flag|directive|parameter|keyword|switch)\b/i;

/** A thing named before its kind in a question: "the dhcp-authoritative option", "the 'hide_ids' setting". */
const NAMED_BEFORE_KIND = /\bthe\s+["'‘`]?([\p{L}\p{N}_][\p{L}\p{N}_.:=/-]{1,60}?)["'’`]?\s+(?:option|setting|flag|directive|parameter|keyword|switch)\b/iu;

/** An option as typed in a question: "--no-clobber", "-nc". */
const OPTION_IN_QUESTION = /(?:^|[\s(“"'‘`])(--?[a-z][\w-]{1,60})/i;

/** Words that stand before "option" without naming one ("the default option", "the right setting"). */
const NOT_A_NAME = new Set(['same', 'new', 'default', 'other', 'right', 'correct', 'following', 'above', 'below', 'first', 'last', 'only', 'best', 'main', 'global', 'relevant', 'appropriate', 'proper', 'necessary', 'config', 'configuration']);

/**
 * The question of the FAQ entry a quote stands in: its question line in the passage (`entryQuestion`), else the
 * passage's last heading when the passage is an entry under its question as a heading (a Markdown FAQ's "## …?").
 */
export function entryQuestionOf(entryQuestion: string | null, passage: { section: PassageSection | undefined; heading: string | null | undefined }): string | null {
  if (entryQuestion !== null) return entryQuestion;
  return passage.section === 'entry' ? (passage.heading?.split(HEADING_SEPARATOR).at(-1) ?? null) : null;
}

/** The option, setting or flag a FAQ entry's question names, null when it names none. */
export function subjectNamedBy(entryQuestion: string): string | null {
  const named = NAMED_BEFORE_KIND.exec(entryQuestion)?.[1];
  if (named !== undefined && !NOT_A_NAME.has(named.toLowerCase())) return named;
  return OPTION_IN_QUESTION.exec(entryQuestion)?.[1] ?? null;
}

/**
 * The quote labelled with what its entry's question names (`entryQuestion`), when the quote refers to it only as
 * "this option" and never names it; as it is otherwise (an option's description already carries its own label).
 */
export function withSubjectNamed(quote: readonly CandidateSentence[], entryQuestion: string | null): readonly CandidateSentence[] {
  const [first, ...rest] = quote;
  if (!first || first.entry !== null || entryQuestion === null) return quote;
  const subject = subjectNamedBy(entryQuestion);
  const text = quote.map((sentence) => sentence.text).join(' ');
  if (subject === null || !REFERS_TO_SUBJECT.test(text) || text.toLowerCase().includes(subject.toLowerCase())) return quote;
  return [{ ...first, entry: subject }, ...rest];
}
