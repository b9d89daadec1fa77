import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lexiconFiles } from './build-lexicon.ts';
import { informativenessOf } from './english-word-frequencies-of.ts';
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

  it('reads a contraction as the common words it is made of, and a possessive as its noun', () => {
    for (const contraction of ["I've", 'don’t', "we're", "they'll", "I'd", "I'm"]) expect(informativenessOf(contraction)).toBe(0);
    expect(informativenessOf("desk's")).toBe(informativenessOf('desk'));
    expect(informativenessOf('firmware’s')).toBe(informativenessOf('firmware'));
  });
});
