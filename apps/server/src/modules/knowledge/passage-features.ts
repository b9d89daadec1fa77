import { ownTermsOf, type QuestionTerm } from './question-terms.ts';

/**
 * The second stage of the knowledge search: features of a candidate passage that say how well it answers a
 * question, computed from what the first stage fetched (its BM25, its nearest window's similarity, where the
 * question's words sit in it), and the calibrated relevance made of them. Pure: unit-tested alone, fitted by
 * `bench/src/eval/fit-reranker.ts` on the evaluation's questions (docs/bot.md).
 */

/** Where one of the question's terms sits in a passage: positions in its text, and whether its heading holds it. */
export interface TermHits {
  term: string;
  positions: readonly number[];
  inHeading: boolean;
}

export interface PassageFeatures {
  /** BM25 over the question's known words, divided by the sum of their IDFs (about 1 for each word once in a chunk of usual length). */
  bm25: number;
  /** The share of the question's IDF the passage holds (heading or text): how much of what was asked it speaks of. */
  coverage: number;
  /** The share of the question's IDF found together within PROXIMITY_WINDOW words of the text. */
  proximity: number;
  /** The share of the question's IDF in the passage's headings. */
  heading: number;
  /** The share of the question's IDF in its document's title: a question that names a product, about that product's manual. */
  title: number;
  /** Cosine similarity of the question's vector and the passage's nearest window; null without vectors. */
  similarity: number | null;
  /**
   * 1 when the question names a product (a word of some candidates' document titles, not of all of them: "sed"
   * beside "lsof FAQ" and "The sed FAQ") that neither the passage nor its document's title holds, else 0: an
   * answer about another product is no answer ("Where do I send a bug report about sed?" and lsof's entry).
   */
  otherProduct: number;
  /**
   * 1 when the passage defines an option the question types ("What does rsync -a do?", "Does rsync -a copy hard
   * links?"), else 0: the option is what the question asks about, whatever its other words find ("-H" repeats
   * "hard links"; "-a"'s definition says it does not include them).
   */
  typedOption: number;
}

/** Words apart that still count as "together" for proximity: about a sentence. */
export const PROXIMITY_WINDOW = 12;

const sumIdf = (terms: readonly QuestionTerm[]) => terms.reduce((sum, term) => sum + term.idf, 0);

/**
 * How much of each of the question's own terms a set of held terms accounts for: 1 for the term itself, its
 * synonym's weight for a synonym of it (the best one held).
 */
function creditOf(terms: readonly QuestionTerm[], held: ReadonlySet<string>): Map<string, number> {
  const credit = new Map<string, number>();
  for (const term of terms) {
    if (!held.has(term.term)) continue;
    for (const own of ownTermsOf(term)) credit.set(own, Math.max(credit.get(own) ?? 0, term.weight));
  }
  return credit;
}

/** BM25 divided by the IDF of the question's own known terms (PassageFeatures.bm25). */
export function bm25Feature(terms: readonly QuestionTerm[], bm25: number): number {
  const known = sumIdf(terms.filter((term) => term.source === undefined && !term.unknown));
  return known === 0 ? 0 : bm25 / known;
}

export function passageFeatures(
  terms: readonly QuestionTerm[],
  passage: { bm25: number; similarity: number | null; hits: readonly TermHits[]; titleTerms: readonly string[]; definesTypedOption?: boolean },
  products: readonly string[] = [],
): PassageFeatures {
  const own = terms.filter((term) => term.source === undefined);
  const total = sumIdf(own);
  const share = (held: Iterable<string>) => {
    const credit = creditOf(terms, new Set(held));
    return total === 0 ? 0 : own.reduce((sum, term) => sum + term.idf * (credit.get(term.term) ?? 0), 0) / total;
  };
  return {
    bm25: bm25Feature(terms, passage.bm25),
    coverage: share([...passage.hits.filter((hit) => hit.inHeading || hit.positions.length > 0).map((hit) => hit.term), ...passage.titleTerms]),
    proximity: total === 0 ? 0 : bestWindow(terms, passage.hits) / total,
    heading: share(passage.hits.filter((hit) => hit.inHeading).map((hit) => hit.term)),
    title: share(terms.filter((term) => passage.titleTerms.includes(term.term)).map((term) => term.term)),
    similarity: passage.similarity,
    // A correction from Inform the Bot (no document, no title) names no product of its own.
    otherProduct: products.length > 0 && passage.titleTerms.length > 0 && !products.some((product) => passage.titleTerms.includes(product) || passage.hits.some((hit) => hit.term === product)) ? 1 : 0,
    typedOption: passage.definesTypedOption === true ? 1 : 0,
  };
}

/** A word this rare in everyday English or rarer ("sed", "lynx"; not "history" or "bookmark") may name a product. */
const PRODUCT_INFORMATIVENESS = 4.5;

/**
 * The products a question names, among the candidates' documents: its own terms (not synonyms) written as names
 * or rare in everyday English ("sed", "Lynx", "vsftpd"; not "history" of a help page's title) that some of the documents' titles hold and some
 * do not (`titles`, each document's title terms). With one document, or a word every title holds, none.
 */
export function namedProducts(terms: readonly QuestionTerm[], titles: readonly (readonly string[])[]): string[] {
  return terms
    .filter((term) => term.source === undefined && !term.unknown && (term.name || term.informativeness >= PRODUCT_INFORMATIVENESS))
    .map((term) => term.term)
    .filter((term) => titles.some((title) => title.includes(term)) && !titles.every((title) => title.includes(term)));
}

/**
 * The most of the question's own IDF found within PROXIMITY_WINDOW consecutive positions, each of its terms
 * counted once, a synonym for its weight.
 */
function bestWindow(terms: readonly QuestionTerm[], hits: readonly TermHits[]): number {
  const byTerm = new Map(terms.map((term) => [term.term, term]));
  const idfOfOwn = new Map(terms.filter((term) => term.source === undefined).map((term) => [term.term, term.idf]));
  const occurrences = hits
    .flatMap((hit) => {
      const term = byTerm.get(hit.term);
      if (!term) return [];
      return ownTermsOf(term).flatMap((own) => hit.positions.map((position) => ({ position, own, weight: (idfOfOwn.get(own) ?? 0) * term.weight })));
    })
    .sort((a, b) => a.position - b.position);
  let best = 0;
  for (let first = 0; first < occurrences.length; first += 1) {
    const start = occurrences[first]?.position ?? 0;
    const credit = new Map<string, number>();
    for (let next = first; next < occurrences.length && (occurrences[next]?.position ?? 0) < start + PROXIMITY_WINDOW; next += 1) {
      const occurrence = occurrences[next];
      if (occurrence) credit.set(occurrence.own, Math.max(credit.get(occurrence.own) ?? 0, occurrence.weight));
    }
    best = Math.max(best, [...credit.values()].reduce((sum, value) => sum + value, 0));
  }
  return best;
}

/**
 * The relevance: a score of each candidate (a weighted sum of its features: the direction that orders each
 * question's right passages above its wrong ones, fitted pairwise), made a share of belief among the candidates
 * of the question (a softmax at `temperature`, fitted so that the shares are the chances: of passages given
 * 40 %, about four in ten were the one that answered). One model for a store with vectors, one for full text
 * alone. Fitted on the evaluation's questions by bench/src/eval/fit-reranker.ts, rounded; docs/bot.md gives the run.
 */
export interface RelevanceModel extends Record<FeatureName, number> {
  temperature: number;
}

// otherProduct and typedOption are set by hand, not fitted: the evaluation's sets name another product's document,
// or type an option, in too few questions (docs/bot.md).
export const WITH_VECTORS: RelevanceModel = { bm25: 4.3, coverage: 2.2, proximity: 2.4, heading: 2.6, title: 1.4, similarity: 6.6, otherProduct: -8, typedOption: 3, temperature: 0.65 };
export const FULL_TEXT_ONLY: RelevanceModel = { bm25: 5.2, coverage: 2.5, proximity: 3.5, heading: 0.6, title: 1.5, similarity: 0, otherProduct: -8, typedOption: 3, temperature: 0.6 };

export const modelFor = (features: PassageFeatures): RelevanceModel => (features.similarity === null ? FULL_TEXT_ONLY : WITH_VECTORS);

/**
 * The features a score weighs, in the order it sums them and fit-reranker.ts fits their weights: one list for
 * both, so a model fitted as a vector of weights (relevanceModelOf) scores as the search does.
 */
export const FEATURE_ORDER = ['bm25', 'coverage', 'proximity', 'heading', 'title', 'similarity', 'otherProduct', 'typedOption'] as const satisfies readonly (keyof PassageFeatures)[];
export type FeatureName = (typeof FEATURE_ORDER)[number];

/** The BM25 feature a score counts at most: a passage repeating the question's words past it is no likelier the answer. */
export const BM25_CAP = 3;

/** A feature as a score weighs it: BM25 capped at BM25_CAP, no similarity (no vectors) as 0. */
const weighed = (features: PassageFeatures, name: FeatureName): number =>
  name === 'bm25' ? Math.min(features.bm25, BM25_CAP) : (features[name] ?? 0);

/** The features as a score weighs them, in FEATURE_ORDER: what fit-reranker.ts fits the weights on. */
export const weighedFeatures = (features: PassageFeatures): number[] => FEATURE_ORDER.map((name) => weighed(features, name));

/** A model of weights in FEATURE_ORDER (as fit-reranker.ts fits them) and a temperature. */
export const relevanceModelOf = (weights: readonly number[], temperature: number): RelevanceModel => ({
  ...(Object.fromEntries(FEATURE_ORDER.map((name, index) => [name, weights[index] ?? 0])) as Record<FeatureName, number>),
  temperature,
});

/** A candidate's score, the sum of its weighed features times the model's weights in FEATURE_ORDER: higher ranks first. */
export function scoreOf(features: PassageFeatures, model: RelevanceModel = modelFor(features)): number {
  return FEATURE_ORDER.reduce((score, name) => score + model[name] * weighed(features, name), 0);
}

/** The candidates' relevances (0 to 1, summing to 1): each one's chance of being the passage that answers, among them. */
export function relevancesOf(scores: readonly number[], temperature: number): number[] {
  if (scores.length === 0) return [];
  const top = Math.max(...scores);
  const weights = scores.map((score) => Math.exp((score - top) / temperature));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
}
