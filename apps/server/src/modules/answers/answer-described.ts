import { HEADING_SEPARATOR } from '../../ingest/reading/chunk.ts';
import type { RetrievedPassage } from './answer-rule.ts';
import { withLeadInCompleted } from './answer-lists.ts';
import { type CandidateSentence, MAX_ANSWER_SENTENCES } from './answer-sentences.ts';

/**
 * "What does path.normalize do?", "What is XZ_DEFAULTS?": a question that asks what a thing is or does, where the
 * most relevant passage is the section the document titles by that very name (an API reference's
 * "path.normalize(path)", a manual's "--watch"). The section says what it is in its first paragraph of prose; the
 * sentences that hold the name most often are its examples ("On Windows: path.normalize('C:\\temp\\…')"), and were
 * quoted instead.
 */

/** How a question that asks what a thing is or does starts, and ends: "What does X do?", "What is X?", "What's X for?". */
const ASKS_WHAT = /^\s*what(?:'s|’s|\s+is|\s+are|\s+does|\s+do)\s+/i;
const ASKED_END = /\s+(?:do|does|mean|for|used for)$/i;

/** The thing a question asks about, as it writes it; undefined for another question. */
function askedThing(question: string): string | undefined {
  const start = ASKS_WHAT.exec(question);
  if (!start) return undefined;
  const thing = question.slice(start[0].length).trim().replace(/\?+$/, '').trim().replace(/^the\s+/i, '').replace(ASKED_END, '');
  return thing.length >= 2 && thing.length <= 80 ? thing : undefined;
}

/** A name as a title or a question writes it: its code marks, a call's arguments and a trailing "()" dropped, in lower case. */
const bareName = (text: string): string =>
  text
    .replace(/[`'"‘’“”]/g, '')
    .replace(/\([^()]*\)\s*$/, '')
    .replace(/\s+(?:function|method|option|command|setting|variable|flag|module|class)$/i, '')
    .trim()
    .toLowerCase();

/** Whether `question` asks what the section of `passage` is or does: the section's own title names exactly the thing asked. */
export function asksWhatSectionIs(question: string, passage: Pick<RetrievedPassage, 'heading'> | undefined): boolean {
  const asked = askedThing(question);
  const title = passage?.heading?.split(HEADING_SEPARATOR).at(-1);
  if (asked === undefined || title === undefined) return false;
  const name = bareName(asked);
  return name.length >= 2 && name === bareName(title);
}

/** The most a description quotes. */
const MOST_DESCRIPTION_CHARACTERS = 700;

/**
 * The first paragraph of prose of passage `passage` (not a heading, a question, a list's item, a listing or a
 * table's row: an API's list of parameters comes before its description), at most MAX_ANSWER_SENTENCES sentences
 * within MOST_DESCRIPTION_CHARACTERS, with what it leads to when it ends on a lead-in; none when the passage has no prose.
 */
export function sectionDescription(sentences: readonly CandidateSentence[], passage: number): CandidateSentence[] {
  const own = sentences.filter((sentence) => sentence.passage === passage);
  const first = own.find((sentence) => sentence.shape === 'sentence' && !sentence.listing && !sentence.tableRow);
  if (!first) return [];
  const chosen: CandidateSentence[] = [];
  let length = 0;
  for (const sentence of own.slice(own.indexOf(first))) {
    if (sentence.paragraph !== first.paragraph || sentence.shape !== 'sentence' || chosen.length >= MAX_ANSWER_SENTENCES) break;
    if (chosen.length > 0 && length + sentence.text.length > MOST_DESCRIPTION_CHARACTERS) break;
    chosen.push(sentence);
    length += sentence.text.length + 1;
  }
  // A description that ends on a lead-in ("Provides the platform-specific path segment separator:") brings what it leads to.
  return withLeadInCompleted(sentences, chosen);
}
