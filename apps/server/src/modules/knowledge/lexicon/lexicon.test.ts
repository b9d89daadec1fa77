import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lexiconFiles } from './build-lexicon.ts';
import { informativenessOf, isEnglishWord, isNameLike } from './english-word-frequencies-of.ts';
import { baseFormOf } from './irregular-verbs.ts';
import { synonymsOf } from './synonyms-of.ts';

describe('the lexicon', () => {
  it('holds exactly what npm run build:lexicon makes of its packages', () => {
    for (const { file, content } of lexiconFiles()) expect(fs.readFileSync(file, 'utf8') === content, `${file}: run npm run build:lexicon`).toBe(true);
  });

  it('knows synonyms of a word in its most frequent sense, for its plural and past forms too', () => {
    expect(synonymsOf('purchase')).toContain('buy');
    expect(synonymsOf('Purchased')).toContain('buy');
    expect(synonymsOf('quicker')).toEqual(['faster']);
    expect(synonymsOf('zzyzx')).toEqual([]);
    expect(synonymsOf('englishwords')).toEqual([]);
  });

  it('knows the words general English uses, for mending words a line’s end broke', () => {
    expect(isEnglishWord('criteria')).toBe(true);
    expect(isEnglishWord('applicationprovided')).toBe(false);
  });

  it('knows computing’s senses where WordNet’s most frequent is another’s: sizes written either way, RAM, unpacking', () => {
    expect(synonymsOf('MB')).toEqual(['mib', 'megabyte']);
    expect(synonymsOf('GB')).not.toContain('sarin');
    expect(synonymsOf('RAM')).toEqual(['memory']);
    expect(synonymsOf('unpack')).toContain('decompress');
  });

  it('reads the clipped words people type as the whole ones manuals write, plurals too ("symlinks", "max", "docs")', () => {
    expect(synonymsOf('symlinks')).toEqual(['symbolic']);
    expect(synonymsOf('config')).toEqual(['configuration']);
    expect(synonymsOf('max')).toEqual(['maximum']);
    expect(synonymsOf('docs')).toEqual(['documentation']);
    expect(synonymsOf('perms')).toEqual(['permission']);
    // A past form is no clipping's: "stated" is "state", not "stat".
    expect(synonymsOf('stated')).not.toContain('statistic');
    expect(synonymsOf('mined')).not.toContain('minimum');
  });

  it('knows irregular verb forms', () => {
    expect(baseFormOf('Built')).toBe('build');
    expect(baseFormOf('builds')).toBeUndefined();
  });

  it('scores a word by how rarely everyday English uses it', () => {
    expect(informativenessOf('many')).toBeLessThan(informativenessOf('firmware'));
    expect(informativenessOf('firmware')).toBeLessThan(informativenessOf('zzyzx'));
    expect(informativenessOf('the')).toBe(0);
  });

  it('tells a name (a product, a brand, a format, an acronym) from everyday English', () => {
    for (const name of ['YouTube', 'QUIC', 'MP4', 'HTTP/3', 'macOS', 'zstd', 'pbzip2', 'ML-KEM']) expect(isNameLike(name, false), name).toBe(true);
    // A capital where no sentence starts: "with Homebrew", "a Docker image".
    expect(isNameLike('Homebrew', false)).toBe(true);
    expect(isNameLike('Docker', false)).toBe(true);
    for (const word of ['colleague', 'folder', 'defect', 'torrent', "desk's", "isn't", 'unpack']) expect(isNameLike(word, false), word).toBe(false);
    // A sentence's first word is capitalised whatever it is.
    expect(isNameLike('Colleagues', true)).toBe(false);
    expect(isNameLike('Homebrew', true)).toBe(false);
  });

  it('reads a contraction as the common words it is made of, and a possessive as its noun', () => {
    for (const contraction of ["I've", 'don’t', "we're", "they'll", "I'd", "I'm"]) expect(informativenessOf(contraction)).toBe(0);
    expect(informativenessOf("desk's")).toBe(informativenessOf('desk'));
    expect(informativenessOf('firmware’s')).toBe(informativenessOf('firmware'));
  });
});
