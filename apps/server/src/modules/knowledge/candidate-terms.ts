/** A known term of the question (question-terms.ts) as the full-text side's fetch uses it. */
export interface CandidateTerm {
  term: string;
  /** The chunks holding it. */
  chunks: number;
  /** 1 for the question's own words, less for a word standing for one (a synonym). */
  weight: number;
}

/**
 * The terms whose chunks the full-text side scores: those holding the question's rarest word, and each next
 * rarest that keeps the chunks holding them within `budget` (`any`); when even the rarest is in more
 * chunks than that, those holding both of the two rarest (`all`). The question's own words come before the
 * words standing for them, rare as a synonym may be: "transcript" for "copy" and "employ" for "use" filled the
 * budget with chunks holding them alone, and the manual's "copied … configuration file" was not among them.
 */
export function candidateTerms(known: readonly CandidateTerm[], budget: number): { any: string[]; all?: undefined } | { all: [string, string] } | undefined {
  const rarestFirst = [...known].sort((a, b) => b.weight - a.weight || a.chunks - b.chunks || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  const [rarest, second] = rarestFirst;
  if (!rarest) return undefined;
  if (rarest.chunks > budget && second) return { all: [rarest.term, second.term] };
  let running = 0;
  const any = rarestFirst.filter((term, place) => {
    if (place > 0 && running + term.chunks > budget) return false;
    running += term.chunks;
    return true;
  });
  return { any: any.map((term) => term.term) };
}
