import { describe, expect, it } from 'vitest';
import { extractiveAnswerHtml } from './answer-builders.ts';
import type { RetrievedPassage } from './answer-rule.ts';
import type { DocumentHeading } from '../knowledge/section-siblings.repository.ts';
import { sentencesOfPassages } from './answer-sentences.ts';
import { citedByParent, variantHeadings, variantSentences } from './answer-variants.ts';

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

/** The guide's headings as the store lists them: each way of building has a section per platform. */
const heading = (text: string, titleTerms: string[], chunks = 1): DocumentHeading => ({ heading: text, chunks, titleTerms });
const SMALL_ICU = 'Building Node.js › `Intl` (ECMA-402) support › Building with small-icu';
const HEADINGS = [
  heading(SMALL_ICU, ['build', 'small-icu', 'small', 'icu']),
  heading(`${SMALL_ICU} › Unix/macOS`, ['unix/macos', 'unix', 'maco']),
  heading(`${SMALL_ICU} › Windows`, ['window']),
  heading(INTL, ['build', 'without', 'intl', 'support']),
  heading(`${INTL} › Unix/macOS`, ['unix/macos', 'unix', 'maco']),
  heading(`${INTL} › Windows`, ['window']),
];
const asked = new Set(['build', 'node', 'without', 'intl', 'support']);

describe('variants of one answer (Node.js’s BUILDING.md)', () => {
  it('are the short sections under the best one’s heading, when the question names none of them and the guide sets them again elsewhere', () => {
    expect(variantHeadings(windows, [windows], HEADINGS, asked)).toEqual([`${INTL} › Unix/macOS`, `${INTL} › Windows`]);
  });

  it('are, set once, when the search found another of them', () => {
    const once = HEADINGS.slice(3);
    expect(variantHeadings(windows, [windows], once, asked)).toBeNull();
    expect(variantHeadings(windows, [windows, unix], once, asked)).toEqual([`${INTL} › Unix/macOS`, `${INTL} › Windows`]);
  });

  it('are not when the question names one, nor long sections, sections of several chunks, questions or many topics', () => {
    expect(variantHeadings(windows, [windows, unix], HEADINGS, new Set([...asked, 'window']))).toBeNull();
    expect(variantHeadings(passage(12, `${INTL} › Windows`, 'Run the configure script. '.repeat(20), 0.49), [], HEADINGS, asked)).toBeNull();
    expect(variantHeadings(windows, [], HEADINGS.with(5, heading(`${INTL} › Windows`, ['window'], 2)), asked)).toBeNull();
    const questions = [heading('FAQ › Can I build without it?', ['build', 'without']), heading('FAQ › Why?', [])];
    expect(variantHeadings(passage(12, 'FAQ › Can I build without it?', 'Yes.', 0.49), [], questions, asked)).toBeNull();
    const topics = ['Quiet', 'Verbose', 'Debug', 'Colour', 'Proxy', 'Timeout', 'Retries'].map((title) => heading(`Options › ${title}`, [title.toLowerCase()]));
    expect(variantHeadings(passage(12, 'Options › Quiet', 'Prints nothing.', 0.49), [passage(13, 'Options › Verbose', 'Prints more.', 0.4)], topics, asked)).toBeNull();
  });

  it('one quoted alone is cited with the section above it: its one-word title is set under each way of building (fails before: "(Windows)"); an option names itself, as code; a page’s own title is no section (fails before: "Colors and Styles (…) (Colors and Styles (…))")', () => {
    const html = extractiveAnswerHtml(sentencesOfPassages([windows]), [windows]);
    expect(html).toContain('<cite>Building Node.js (Building without Intl support › Windows)</cite>');
    const options = passage(3, 'Manual › 2. Invoking › 2.5 Download Options', 'The options that control downloading.', 0.5);
    expect(extractiveAnswerHtml(sentencesOfPassages([options]), [options])).toContain('<cite>Building Node.js (2.5 Download Options)</cite>');
    const option = passage(4, 'Command-line API › Options › `--env-file=config`', 'Loads environment variables from a file.', 0.5);
    expect(extractiveAnswerHtml(sentencesOfPassages([option]), [option])).toContain('<cite>Building Node.js (<code>--env-file=config</code>)</cite>');
    const sep = { ...passage(5, 'Path › path.sep', 'Provides the separator.', 0.5), documentTitle: 'Path' };
    expect(extractiveAnswerHtml(sentencesOfPassages([sep]), [sep])).toContain('<cite>Path (path.sep)</cite>');
    const top = { ...passage(6, 'Path › Windows', 'Windows paths use backslashes.', 0.5), documentTitle: 'Path' };
    expect(extractiveAnswerHtml(sentencesOfPassages([top]), [top])).toContain('<cite>Path (Windows)</cite>');
    const page = { ...passage(7, 'Colors and Styles (Stand-alone GNU Info 6.8)', 'Use the color specified for text.', 0.5), documentTitle: 'Colors and Styles (Stand-alone GNU Info 6.8)' };
    expect(extractiveAnswerHtml(sentencesOfPassages([page]), [page])).toContain('<cite>Colors and Styles (Stand-alone GNU Info 6.8)</cite>');
  });

  it('are quoted each after its title, every variant’s commands kept, and cited once by the section they are variants of', () => {
    const variants = [unix, windows];
    expect(extractiveAnswerHtml(variantSentences(variants), citedByParent(variants))).toBe(
      '<p>Unix/macOS:</p><p>./configure --without-intl</p><p>Windows:</p><p>.\\vcbuild without-intl</p><p>Source: <cite>Building Node.js (Building without Intl support)</cite></p>',
    );
  });
});
