import type { Db } from '../../db/client.ts';
import { HEADING_SEPARATOR } from '../../ingest/reading/chunk.ts';
import type { QuestionTerm } from '../knowledge/question-terms.ts';
import { type DocumentHeading, documentHeadings, wholeSections } from '../knowledge/section-siblings.repository.ts';
import type { RetrievedPassage } from './answer-rule.ts';
import { type CandidateSentence, sentencesOfPassages } from './answer-sentences.ts';
import { isQuestion } from './sentence-shapes.ts';

/**
 * Variants of one answer: short sections side by side under one heading, each for a platform or a kind ("Building
 * without Intl support" › "Unix/macOS": "./configure --without-intl", › "Windows": ".\vcbuild without-intl", Node.js's
 * BUILDING.md). A question that names none of them ("How do I build node without Intl support?") is answered by all
 * of them; quoting the one ranked first answered for one platform only, and the others may not be among the
 * passages found at all (they hold the same words, and the search keeps one of near-equal texts). The parts of a
 * reference entry that a document sets the same way for each entry are read alike ("Description" and "Default value"
 * under each of lynx.cfg's settings): a question that names neither part gets both.
 */

/** A variant's title names a platform or a kind: a short label, not a question or a sentence. */
const MOST_LABEL_CHARACTERS = 40;
/** A variant is short: a command or two and a line about them. */
const MOST_VARIANT_CHARACTERS = 400;
/** More sections than this under one heading are a list of topics, not the variants of one answer. */
const MOST_VARIANTS = 6;

const parentOf = (heading: string): string => heading.split(HEADING_SEPARATOR).slice(0, -1).join(HEADING_SEPARATOR);

/** A section's own title, the last of its headings. */
export const labelOf = (passage: Pick<RetrievedPassage, 'heading'>): string => passage.heading?.split(HEADING_SEPARATOR).at(-1)?.trim() ?? '';

const isLabel = (title: string): boolean => title !== '' && title.length <= MOST_LABEL_CHARACTERS && !isQuestion(title) && !/[.!:;]$/.test(title);

/** A passage that may be a variant: a whole short section of a document under a heading, titled by a label. */
const mayBeVariant = (passage: RetrievedPassage): passage is RetrievedPassage & { heading: string; documentId: number } =>
  passage.heading !== null &&
  passage.documentId !== null &&
  parentOf(passage.heading) !== '' &&
  passage.wholeSection &&
  passage.text.length <= MOST_VARIANT_CHARACTERS &&
  isLabel(labelOf(passage));

/**
 * The headings of the variants the best passage is one of, in `headings` (its document's): every section under
 * its parent heading, when each is one chunk titled by a label the question does not name (a question "… on
 * Windows?" gets Windows alone), two to MOST_VARIANTS of them, and something says their titles are variants' rather
 * than topics': the document sets two of them again under another heading (a guide's "Unix/macOS" and "Windows" under
 * each way of building), or the search found another of them nearly as relevant. Null when they are not variants.
 */
export function variantHeadings(
  best: RetrievedPassage,
  retrieved: readonly RetrievedPassage[],
  headings: readonly DocumentHeading[],
  questionTerms: ReadonlySet<string>,
): string[] | null {
  if (!mayBeVariant(best)) return null;
  const parent = parentOf(best.heading);
  const family = headings.filter((heading) => parentOf(heading.heading) === parent);
  if (family.length < 2 || family.length > MOST_VARIANTS) return null;
  const named = (heading: DocumentHeading) => heading.titleTerms.some((term) => questionTerms.has(term));
  if (family.some((heading) => heading.chunks !== 1 || !isLabel(labelOf(heading)) || named(heading))) return null;
  const labels = new Set(family.map(labelOf));
  const elsewhere = new Map<string, number>();
  for (const heading of headings) {
    const other = parentOf(heading.heading);
    if (other !== parent && other !== '' && labels.has(labelOf(heading))) elsewhere.set(other, (elsewhere.get(other) ?? 0) + 1);
  }
  const setAgain = [...elsewhere.values()].some((count) => count >= 2);
  const foundToo = retrieved.some((passage) => passage.documentId === best.documentId && passage.heading !== best.heading && passage.heading !== null && parentOf(passage.heading) === parent);
  return setAgain || foundToo ? family.map((heading) => heading.heading) : null;
}

/**
 * The variants of the best passage (above), in the document's order, as passages of the answer: those the search
 * found as it found them, the others read from the store. Null when the best passage is not a variant, or a variant
 * is too long to quote whole or excluded by staff, leaving fewer than two.
 */
export async function variantsOf(db: Db, passages: readonly RetrievedPassage[], terms: readonly QuestionTerm[]): Promise<RetrievedPassage[] | null> {
  const [best] = passages;
  if (!best || !mayBeVariant(best)) return null;
  const questionTerms = new Set(terms.filter((term) => term.source === undefined).flatMap((term) => [term.term, ...(term.covers ?? [])]));
  const family = variantHeadings(best, passages, await documentHeadings(db, best.documentId, parentOf(best.heading)), questionTerms);
  if (!family) return null;
  const sections = await wholeSections(db, best.documentId, family);
  if (sections.length < 2 || sections.some((section) => section.text.length > MOST_VARIANT_CHARACTERS)) return null;
  return sections.map(
    (section): RetrievedPassage =>
      passages.find((passage) => passage.chunkId === section.chunkId) ?? { ...best, ...section, wholeSection: true, matchedWords: [] },
  );
}

/** The variants' sentences, each variant's after its title as a lead-in ("Unix/macOS:" above "./configure --without-intl"), in the variants' order. */
export function variantSentences(variants: readonly RetrievedPassage[]): CandidateSentence[] {
  const sentences = sentencesOfPassages(variants);
  return variants.flatMap((variant, index) => {
    const own = sentences.filter((sentence) => sentence.passage === index && sentence.shape !== 'heading' && sentence.shape !== 'question');
    if (own.length === 0) return [];
    const title: CandidateSentence = { text: `${labelOf(variant)}:`, passage: index, index: -1, paragraph: -1, entry: null, shape: 'sentence', terms: [] };
    return [title, ...own];
  });
}

/** The variants under their parent's headings: the answer cites the section once, not each variant. */
export const citedByParent = (variants: readonly RetrievedPassage[]): RetrievedPassage[] =>
  variants.map((variant) => (variant.heading ? { ...variant, heading: parentOf(variant.heading) } : variant));
