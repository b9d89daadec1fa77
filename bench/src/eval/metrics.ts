/** The evaluation's measures, from each question's outcome. Pure. */

/** The 1-based rank of the first right passage among those answered, or null when none of them is right. */
export const firstRightRank = (passages: readonly string[], isRight: (passage: string) => boolean): number | null => {
  const index = passages.findIndex(isRight);
  return index < 0 ? null : index + 1;
};

export interface RankingMeasures {
  /** Share of questions whose first passage is right. */
  hitAt1: number;
  hitAt5: number;
  /** Mean reciprocal rank of the first right passage within the first 10 (0 past them). */
  mrrAt10: number;
}

export function rankingMeasures(ranks: readonly (number | null)[]): RankingMeasures {
  const share = (test: (rank: number) => boolean) => (ranks.length === 0 ? 0 : ranks.filter((rank) => rank !== null && test(rank)).length / ranks.length);
  const reciprocal = ranks.reduce<number>((sum, rank) => sum + (rank !== null && rank <= 10 ? 1 / rank : 0), 0);
  return { hitAt1: share((rank) => rank === 1), hitAt5: share((rank) => rank <= 5), mrrAt10: ranks.length === 0 ? 0 : reciprocal / ranks.length };
}

/** The nearest-rank percentile (0-100) of some durations. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * The answer's text without its HTML, entities decoded, for finding the key facts in it: as a visitor reads it, an
 * inline element (a link, code) runs on with the text around it ("see <a>http://…</a>." reads "see http://….").
 */
export function answerText(html: string): string {
  return html
    .replace(/<\/?(?:a|code|strong|em|cite|sup)\b[^>]*>/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
