import { holdsAny, normaliseForMatch } from './text-match.ts';

/**
 * Where the key fact an answer misses stands, for the questions whose first passage is the right one: the
 * kinds of miss issue 54 names, told apart by where the fact sits in that passage against what was quoted.
 * Pure; list-misses.ts prints them.
 */
export type MissKind =
  | 'declined'
  | 'question line quoted'
  | 'heading only'
  | 'quoted another passage'
  | 'list cut'
  | 'neighbour sentence missing'
  | 'elsewhere in the passage'
  | 'fact not in the first passage';

/** A fact this close to the quote (characters of normalised text) is in a neighbouring sentence. */
const NEIGHBOUR_CHARACTERS = 400;
/** The quote's first characters, looked for in the passage (an answer may prefix an option's name to it). */
const LEAD_CHARACTERS = 60;
/** What starts a list's item: a bullet, "o", "1.", "2)", "(a)". */
const LIST_ITEM = /(?:^|\s)(?:[-*•]|o|\d{1,2}[.)]|\([a-z0-9]\))\s/;

export interface Miss {
  answerKind: string;
  onlyQuestionOrHeading: 'question' | 'heading' | null;
  /** The answer's own text (answer-shape.ts' answerBody). */
  answerBody: string;
  /** The first passage of the search, the right one. */
  topPassage: string;
  /** The key facts' groups the answer does not hold. */
  missing: readonly (readonly string[])[];
}

/**
 * Where the quote stands in the passage (normalised text), or null when the passage does not hold it. The
 * answer may name the option its sentences describe before them ("‘-c’: …"): without it, when the whole is not found.
 */
function quoteSpan(passage: string, body: string): { start: number; end: number } | null {
  for (const quote of [normaliseForMatch(body), normaliseForMatch(body.replace(/^[^:]{1,80}:\s/, ''))]) {
    const whole = passage.indexOf(quote);
    if (whole >= 0) return { start: whole, end: whole + quote.length };
    const start = passage.indexOf(quote.slice(0, LEAD_CHARACTERS));
    if (start < 0) continue;
    const tail = quote.slice(-LEAD_CHARACTERS);
    const tailAt = passage.indexOf(tail, start);
    return { start, end: tailAt >= 0 ? tailAt + tail.length : start + quote.length };
  }
  return null;
}

export function missKind(miss: Miss): MissKind {
  if (miss.answerKind === 'unknown') return 'declined';
  if (miss.onlyQuestionOrHeading === 'question') return 'question line quoted';
  if (miss.onlyQuestionOrHeading === 'heading') return 'heading only';
  const passage = normaliseForMatch(miss.topPassage);
  const span = quoteSpan(passage, miss.answerBody);
  if (!span) return 'quoted another passage';
  const group = miss.missing[0] ?? [];
  if (!holdsAny(miss.topPassage, group)) return 'fact not in the first passage';
  const positions = group.map((fact) => passage.indexOf(normaliseForMatch(fact))).filter((at) => at >= 0);
  const after = positions.filter((at) => at >= span.end).map((at) => at - span.end);
  const before = positions.filter((at) => at < span.start).map((at) => span.start - at);
  const nearestAfter = Math.min(...after, Infinity);
  const nearestBefore = Math.min(...before, Infinity);
  if (nearestAfter <= NEIGHBOUR_CHARACTERS && nearestAfter <= nearestBefore) {
    const between = passage.slice(span.end, span.end + nearestAfter);
    return passage.slice(0, span.end).trimEnd().endsWith(':') || LIST_ITEM.test(between) ? 'list cut' : 'neighbour sentence missing';
  }
  if (nearestBefore <= NEIGHBOUR_CHARACTERS) return 'neighbour sentence missing';
  return 'elsewhere in the passage';
}
