import { describe, expect, it } from 'vitest';
import { informativenessOf } from './lexicon/english-word-frequencies-of.ts';
import { type QuestionTerm, unknownShareOf, wordsOf } from './question-terms.ts';

const own = (word: string, unknown: boolean, name = false): QuestionTerm => ({
  term: word.toLowerCase(),
  idf: 1,
  chunks: unknown ? 0 : 5,
  unknown,
  word,
  weight: 1,
  informativeness: informativenessOf(word),
  name,
});

describe('unknownShareOf: how much of a question the documents say nothing of', () => {
  it('weighs each word the store lacks by what it says in everyday English; the most common words not at all', () => {
    const terms = [own('compression', false), own('level', false), own('default', false), own('YouTube', true, true)];
    const total = ['compression', 'level', 'default', 'YouTube'].reduce((sum, word) => sum + informativenessOf(word), 0);
    expect(unknownShareOf(terms)).toBeCloseTo(informativenessOf('YouTube') / total);
    expect(unknownShareOf([own('many', true), own('download', false)])).toBe(0);
  });

  it('counts an everyday word the store lacks half as much as a name it lacks', () => {
    const everyday = unknownShareOf([own('gzip', false), own('colleague', true)]);
    const name = unknownShareOf([own('gzip', false), own('colleague', true, true)]);
    expect(everyday).toBeCloseTo(name / 2);
    // A question made only of words the store lacks is still wholly outside it.
    expect(unknownShareOf([own('football', true), own('cup', true)])).toBeCloseTo(0.5);
  });

  it('counts a path the asker types as an everyday word, a name written with a slash in full', () => {
    const share = (word: string) => unknownShareOf([own('rsync', false, true), own('trailing', false), own(word, true, true)]);
    const half = (word: string) => (informativenessOf(word) * 0.5) / ['rsync', 'trailing', word].reduce((sum, each) => sum + informativenessOf(each), 0);
    for (const path of ['src/photos', '/dev/md2', '~/backups', './configure']) expect(share(path)).toBeCloseTo(half(path));
    for (const name of ['TCP/IP', 'HTTP/3', 'I/O']) expect(share(name)).toBeCloseTo(half(name) * 2);
  });

  it('takes a word as known when the store holds one of its synonyms', () => {
    const purchase = own('purchase', true);
    const buy: QuestionTerm = { ...own('buy', false), source: 'purchase', weight: 0.5 };
    expect(unknownShareOf([own('kettle', false), purchase, buy])).toBe(0);
  });
});

describe('wordsOf: the question’s words as typed', () => {
  it('drops the punctuation around a word, but keeps a path’s leading slash, which the search reads as part of it', () => {
    expect(wordsOf('Why does /dev/sdXY warn? See ‘~/.wgetrc’, (./configure) and "/etc/vsftpd.conf".').map((word) => word.text)).toEqual([
      'Why',
      'does',
      '/dev/sdXY',
      'warn',
      'See',
      '~/.wgetrc',
      './configure',
      'and',
      '/etc/vsftpd.conf',
    ]);
  });
});
