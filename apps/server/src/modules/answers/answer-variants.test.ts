import { describe, expect, it } from 'vitest';
import { extractiveAnswerHtml } from './answer-builders.ts';
import type { RetrievedPassage } from './answer-rule.ts';
import { sentencesOfPassages } from './answer-sentences.ts';
import { citedByParent, variantSentences, variantsOf } from './answer-variants.ts';

const INTL = 'Building Node.js › `Intl` (ECMA-402) support › Building without Intl support';

/** A passage as the search hands it over; `heading` its share of the question in the passage's headings. */
const passage = (chunkId: number, heading: string, text: string, relevance: number, headingShare = 0.4): RetrievedPassage => ({
  chunkId,
  heading,
  text,
  relevance,
  wholeSection: true,
  documentId: 1,
  documentTitle: 'Building Node.js',
  sourceUrl: null,
  page: null,
  pageEnd: null,
  informTheBotId: null,
  matchedWords: [],
  features: { bm25: 1, coverage: 0.8, proximity: 0.5, heading: headingShare, title: 0, similarity: 0.6, otherProduct: 0, typedOption: 0 },
});

const windows = passage(12, `${INTL} › Windows`, '.\\vcbuild without-intl', 0.49);
const unix = passage(11, `${INTL} › Unix/macOS`, './configure --without-intl', 0.43);

describe('variants of one answer (Node.js’s BUILDING.md)', () => {
  it('are short sections under the same headings, in the document’s order, when the question names none of them', () => {
    expect(variantsOf([windows, unix])).toEqual([unix, windows]);
  });

  it('are not when the question names one (its title holds more of the question), nor sections under other headings or long ones', () => {
    expect(variantsOf([passage(12, `${INTL} › Windows`, '.\\vcbuild without-intl', 0.7, 0.6), unix])).toBeNull();
    expect(variantsOf([windows, passage(11, 'Building Node.js › Building a debug build › Unix/macOS', './configure --debug', 0.43)])).toBeNull();
    expect(variantsOf([windows, passage(11, `${INTL} › Unix/macOS`, 'Run the configure script. '.repeat(20), 0.43)])).toBeNull();
    expect(variantsOf([passage(12, `${INTL} › Can I build without it?`, 'Yes.', 0.49), passage(11, `${INTL} › Why?`, 'Size.', 0.43)])).toBeNull();
    expect(variantsOf([windows])).toBeNull();
  });

  it('are quoted each after its title, every variant’s commands kept, and cited once by the section they are variants of', () => {
    const passages = [windows, unix];
    const variants = variantsOf(passages) ?? [];
    const html = extractiveAnswerHtml(variantSentences(sentencesOfPassages(passages), passages, variants), citedByParent(passages, variants));
    expect(html).toBe(
      '<p>Unix/macOS:</p><p>./configure --without-intl</p><p>Windows:</p><p>.\\vcbuild without-intl</p><p>Source: <cite>Building Node.js (Building without Intl support)</cite></p>',
    );
  });
});
