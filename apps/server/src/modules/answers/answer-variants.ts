import { HEADING_SEPARATOR } from '../../ingest/reading/chunk.ts';
import type { RetrievedPassage } from './answer-rule.ts';
import type { CandidateSentence } from './answer-sentences.ts';
import { isQuestion } from './sentence-shapes.ts';

/**
 * Variants of one answer: short sections side by side under one heading, each for a platform or a kind ("Building
 * without Intl support" › "Unix/macOS": "./configure --without-intl", › "Windows": ".\vcbuild without-intl", Node.js's
 * BUILDING.md). A question that names none of them ("How do I build node without Intl support?") finds them about
 * as relevant, and quoting the first alone answered for one platform only, whichever ranked first.
 */

/** A variant's title names a platform or a kind: a short label, not a question or a sentence. */
const MOST_LABEL_CHARACTERS = 40;
/** A variant is short: a command or two and a line about them. */
const MOST_VARIANT_CHARACTERS = 400;

const parentOf = (heading: string): string => heading.split(HEADING_SEPARATOR).slice(0, -1).join(HEADING_SEPARATOR);

/** A section's own title, the last of its headings. */
export const labelOf = (passage: Pick<RetrievedPassage, 'heading'>): string => passage.heading?.split(HEADING_SEPARATOR).at(-1)?.trim() ?? '';

const isLabel = (title: string): boolean => title !== '' && title.length <= MOST_LABEL_CHARACTERS && !isQuestion(title) && !/[.!:;]$/.test(title);

/**
 * The answer's passages when the best one is a variant (above), in the order the document sets them: the best and
 * every other passage the answer draws on that is a whole short section under the same headings, with a title of
 * its own that holds as much of the question as the best one's (the question names none of them, or all). Null
 * when fewer than two are.
 */
export function variantsOf(passages: readonly RetrievedPassage[]): RetrievedPassage[] | null {
  const [best] = passages;
  if (!best?.heading) return null;
  const parent = parentOf(best.heading);
  const isVariant = (passage: RetrievedPassage): boolean =>
    passage.heading !== null &&
    passage.documentId === best.documentId &&
    parentOf(passage.heading) === parent &&
    passage.wholeSection &&
    passage.text.length <= MOST_VARIANT_CHARACTERS &&
    isLabel(labelOf(passage)) &&
    passage.features.heading === best.features.heading;
  if (parent === '' || !isVariant(best)) return null;
  const variants = passages.filter((passage, index) => isVariant(passage) && passages.findIndex((other) => labelOf(other) === labelOf(passage)) === index);
  return variants.length >= 2 ? [...variants].sort((a, b) => a.chunkId - b.chunkId) : null;
}

/**
 * The variants' sentences, each variant's after its title as a lead-in ("Unix/macOS:" above "./configure
 * --without-intl"), in the variants' order; `sentences` are the passages'.
 */
export function variantSentences(sentences: readonly CandidateSentence[], passages: readonly RetrievedPassage[], variants: readonly RetrievedPassage[]): CandidateSentence[] {
  return variants.flatMap((variant) => {
    const index = passages.indexOf(variant);
    const own = sentences.filter((sentence) => sentence.passage === index && sentence.shape !== 'heading' && sentence.shape !== 'question');
    if (own.length === 0) return [];
    const title: CandidateSentence = { text: `${labelOf(variant)}:`, passage: index, index: -1, paragraph: -1, entry: null, shape: 'sentence', terms: [] };
    return [title, ...own];
  });
}

/** The passages with each variant under its parent's headings: the answer cites the section once, not each variant. */
export const citedByParent = (passages: readonly RetrievedPassage[], variants: readonly RetrievedPassage[]): RetrievedPassage[] =>
  passages.map((passage) => (variants.includes(passage) && passage.heading ? { ...passage, heading: parentOf(passage.heading) } : passage));
