/**
 * How the evaluation compares an evidence text or a key fact with a passage or an answer: case, accents'
 * look-alikes (curly quotes, dashes), hyphenation at a line end and whitespace are not differences.
 */
export function normaliseForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u00ad\u200b]/g, '')
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‐‑‒–—―−]/g, '-')
    .replace(/(\w)-\s*\n\s*(\w)/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Whether `haystack` holds any of the alternatives. */
export const holdsAny = (haystack: string, alternatives: readonly string[]): boolean => {
  const normalised = normaliseForMatch(haystack);
  return alternatives.some((alternative) => normalised.includes(normaliseForMatch(alternative)));
};
