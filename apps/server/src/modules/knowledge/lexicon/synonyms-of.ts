import fs from 'node:fs';

let table: Map<string, readonly string[]> | undefined;

/**
 * wordnet-synonyms.json, read once, on the first question (about 2 MB; nothing reads it at start-up). It sits
 * beside this file, and beside dist/main.js in the bundle (build.mjs copies it there).
 */
function synonymTable(): Map<string, readonly string[]> {
  if (table) return table;
  const file = new URL('./wordnet-synonyms.json', import.meta.url);
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- a data file shipped beside this module, a fixed path
  const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  table = new Map(Object.entries(entries).map(([word, synonyms]) => [word, synonyms.split('|')]));
  return table;
}

/** The forms a word's dictionary entry may have: itself, then without a plural or past ending. */
function lemmasOf(word: string): string[] {
  const forms = [word];
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  if (word.endsWith('ed')) forms.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith('ing')) forms.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return forms;
}

/**
 * Computing's words where WordNet's most frequent sense is another's ("MB" a megabit, "GB" sarin, "RAM" a sheep):
 * sizes as manuals write them either way ("256 MB" where the FAQ says "150MiB"), memory for RAM, and unpacking
 * an archive for decompressing it. And the clipped words people type for a manual's whole ones ("config",
 * "symlink", "max"), which WordNet lacks or reads as another's ("max": soap, "doc": doctor, "min": minute).
 */
const COMPUTING_SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map([
  ['kb', ['kib', 'kilobyte']],
  ['kib', ['kb', 'kilobyte']],
  ['mb', ['mib', 'megabyte']],
  ['mib', ['mb', 'megabyte']],
  ['gb', ['gib', 'gigabyte']],
  ['gib', ['gb', 'gigabyte']],
  ['tb', ['tib', 'terabyte']],
  ['tib', ['tb', 'terabyte']],
  ['ram', ['memory']],
  ['unpack', ['decompress', 'extract']],
  ['config', ['configuration']],
  ['dir', ['directory', 'folder']],
  ['symlink', ['symbolic']],
  ['repo', ['repository']],
  ['admin', ['administrator']],
  ['auth', ['authentication']],
  ['perm', ['permission']],
  ['app', ['application']],
  ['doc', ['documentation']],
  ['env', ['environment']],
  ['arg', ['argument']],
  ['max', ['maximum']],
  ['min', ['minimum']],
  ['tmp', ['temporary']],
  ['passwd', ['password']],
  ['cmd', ['command']],
  ['msg', ['message']],
  ['pkg', ['package']],
  ['lib', ['library']],
  ['src', ['source']],
  ['dest', ['destination']],
  ['pref', ['preference']],
  ['stat', ['statistic']],
  ['mem', ['memory']],
  ['exe', ['executable']],
]);

/** A word's synonyms in its most frequent senses (WordNet, computing's first), for the first of its forms the dictionary knows. */
export function synonymsOf(word: string): readonly string[] {
  const lower = word.toLowerCase();
  // The word or its plural ("symlinks"), not a past form ("stated" is no "stat", "mined" no "min").
  const computing = COMPUTING_SYNONYMS.get(lower) ?? (lower.endsWith('s') && !lower.endsWith('ss') ? COMPUTING_SYNONYMS.get(lower.slice(0, -1)) : undefined);
  if (computing) return computing;
  const synonyms = synonymTable();
  for (const form of lemmasOf(lower)) {
    const found = synonyms.get(form);
    if (found) return found;
  }
  return [];
}
