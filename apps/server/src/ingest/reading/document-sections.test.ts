import { describe, expect, it } from 'vitest';
import type { SourceLine } from './clean-pages.ts';
import { documentSections } from './document-sections.ts';

const pdf = (text: string, size = 10, paragraphStart = false, page = 1): SourceLine => ({ text, size, page, paragraphStart });
const txt = (text: string, paragraphStart = false): SourceLine => ({ text, size: null, page: 1, paragraphStart });

describe('documentSections on a PDF', () => {
  it('reads larger short lines as headings, nested by their numbering, and joins a paragraph’s lines', () => {
    const sections = documentSections([
      pdf('2. How to use bzip2', 24.8, true),
      pdf('This chapter is the man page.', 10, true),
      pdf('2.1. NAME', 20.7, true),
      pdf('bzip2 compresses files using the Burrows-Wheeler block', 10, true),
      pdf('sorting algorithm; decompres-', 10),
      pdf('sion is fast.', 10, false, 2),
      pdf('2.6. RECOVERING DATA FROM DAMAGED', 20.7, true, 2),
      pdf('FILES', 20.7, true, 2),
      pdf('Use bzip2recover.', 10, true, 2),
    ]);
    expect(sections).toEqual([
      { headings: ['2. How to use bzip2'], paragraphs: [{ text: 'This chapter is the man page.', page: 1 }] },
      {
        headings: ['2. How to use bzip2', '2.1. NAME'],
        paragraphs: [{ text: 'bzip2 compresses files using the Burrows-Wheeler block sorting algorithm; decompression is fast.', page: 1 }],
      },
      { headings: ['2. How to use bzip2', '2.6. RECOVERING DATA FROM DAMAGED FILES'], paragraphs: [{ text: 'Use bzip2recover.', page: 2 }] },
    ]);
  });

  it('keeps the hyphen of an option or a compound broken at a line’s end, and joins an option’s dashes to its name', () => {
    const [section] = documentSections([
      pdf('To write them, use the --gen-', 10, true),
      pdf('suppressions=yes option, day-to-', 10),
      pdf('day. Try using the --', 10),
      pdf('track-origins=yes option (‘--show-leak-', 10),
      pdf('kinds=all’ or ‘--', 10),
      pdf('xml=yes’), nor do you need to --', 10),
      pdf('it can be inferred.', 10),
    ]);
    expect(section?.paragraphs[0]?.text).toBe(
      'To write them, use the --gen-suppressions=yes option, day-to-day. Try using the --track-origins=yes option (‘--show-leak-kinds=all’ or ‘--xml=yes’), nor do you need to -- it can be inferred.',
    );
  });

  it('does not take a large line ending like a sentence, or a bullet, for a heading', () => {
    const sections = documentSections([pdf('Body text.', 10, true), pdf('A large quote ending with a period.', 14, true), pdf('• an item', 10, true)]);
    expect(sections).toEqual([
      { headings: [], paragraphs: [{ text: 'Body text.', page: 1 }, { text: 'A large quote ending with a period.', page: 1 }, { text: '• an item', page: 1 }] },
    ]);
  });
});

describe('documentSections on text', () => {
  it('reads underlined and Markdown headings, levels by the order underlines first appear', () => {
    const sections = documentSections([
      txt('2 Invoking', true),
      txt('**********'),
      txt('By default, Wget is simple.', true),
      txt('2.1 URL Format', true),
      txt('=============='),
      txt('URL is an acronym', true),
      txt('for Uniform Resource Locator.'),
      txt('## Notes', true),
      txt('A note.', true),
    ]);
    expect(sections).toEqual([
      { headings: ['2 Invoking'], paragraphs: [{ text: 'By default, Wget is simple.', page: 1 }] },
      { headings: ['2 Invoking', '2.1 URL Format'], paragraphs: [{ text: 'URL is an acronym\nfor Uniform Resource Locator.', page: 1 }] },
      { headings: ['2 Invoking', 'Notes'], paragraphs: [{ text: 'A note.', page: 1 }] },
    ]);
  });

  it('reads numbered titles alone in their paragraph, after a table of contents that repeats them, as nested sections', () => {
    const sections = documentSections([
      txt('1.  Introduction', true),
      txt('1.1.  The kettle', true),
      txt('2.  Descaling', true),
      txt('2.1.  Vinegar', true),
      txt('1.  Introduction', true),
      txt('1.1.  The kettle', true),
      txt('The kettle boils water.', true),
      txt('2.  Descaling', true),
      txt('Descale it monthly', true),
      txt('(more in the next section):'),
      txt('2.1.  Vinegar', true),
      txt('Fill it with vinegar.', true),
      txt('5 see the warranty for more', true),
    ]);
    expect(sections).toEqual([
      { headings: [], paragraphs: ['1.  Introduction', '1.1.  The kettle', '2.  Descaling', '2.1.  Vinegar'].map((text) => ({ text, page: 1 })) },
      { headings: ['1.  Introduction', '1.1.  The kettle'], paragraphs: [{ text: 'The kettle boils water.', page: 1 }] },
      { headings: ['2.  Descaling'], paragraphs: [{ text: 'Descale it monthly\n(more in the next section):', page: 1 }] },
      { headings: ['2.  Descaling', '2.1.  Vinegar'], paragraphs: [{ text: 'Fill it with vinegar.', page: 1 }, { text: '5 see the warranty for more', page: 1 }] },
    ]);
  });

  it('reads titles in capitals and chapters numbered in roman numerals, in order, and not a list’s letters', () => {
    const usage = documentSections([
      txt('USAGE instructions for the kettle', true),
      txt('=================================='),
      txt('This file describes the kettle.', true),
      txt('INTRODUCTION', true),
      txt('The kettle boils water.', true),
      txt('GENERAL USAGE', true),
      txt('Fill it, then switch it on.', true),
      txt('HINTS FOR DESCALING', true),
      txt('Use citric acid.', true),
    ]);
    expect(usage.map((section) => section.headings)).toEqual([['USAGE instructions for the kettle'], ['INTRODUCTION'], ['GENERAL USAGE'], ['HINTS FOR DESCALING']]);
    const manual = documentSections([
      txt('I. Introduction', true),
      txt('This manual describes the kettle.', true),
      txt('II. Structures', true),
      txt('The kettle has a lid and a base.', true),
      txt('C. Configuration of the base', true),
      txt('Set the base on a flat surface.', true),
      txt('III. Reading the gauge', true),
      txt('The gauge shows the water level.', true),
    ]);
    expect(manual.map((section) => section.headings)).toEqual([['I. Introduction'], ['II. Structures'], ['III. Reading the gauge']]);
    expect(manual[1]?.paragraphs.map((paragraph) => paragraph.text)).toContain('C. Configuration of the base');
  });

  it('does not take steps, each a paragraph of its own, or a table of contents’ lines together for titles', () => {
    const lines = [txt('1. Unplug the kettle', true), txt('2. Hold both buttons', true), txt('3. Plug it in again', true), txt('Contents:', true), txt('4.1. Lids'), txt('4.2. Filters')];
    expect(documentSections(lines).map((section) => section.headings)).toEqual([[]]);
  });

  it('nests a FAQ question numbered at two levels by its numbering, under a numbered part that asks', () => {
    const sections = documentSections([
      txt('5. WHY ISN’T THIS WORKING?', true),
      txt('5.1. Why does the lid stick?', true),
      txt('The seal is dry.', true),
      txt('5.1.1. Oiling the seal', true),
      txt('Use food-grade oil.', true),
      txt('5.1.2. Cleaning the rim', true),
      txt('Wipe it.', true),
      txt('5.2. Why is the light off?', true),
      txt('Check the fuse.', true),
      txt('5.3. Why does it hum?', true),
      txt('It is boiling.', true),
    ]);
    expect(sections.map((section) => section.headings)).toEqual([
      ['5. WHY ISN’T THIS WORKING?', '5.1. Why does the lid stick?'],
      ['5. WHY ISN’T THIS WORKING?', '5.1. Why does the lid stick?', '5.1.1. Oiling the seal'],
      ['5. WHY ISN’T THIS WORKING?', '5.1. Why does the lid stick?', '5.1.2. Cleaning the rim'],
      ['5. WHY ISN’T THIS WORKING?', '5.2. Why is the light off?'],
      ['5. WHY ISN’T THIS WORKING?', '5.3. Why does it hum?'],
    ]);
  });

  it('reads titles at the margin of a text whose body is indented, unless other headings head it', () => {
    const indented = [
      txt('Name', true),
      txt('   kettle.conf -- the kettle’s settings', true),
      txt('Functional Overview', true),
      txt('   The kettle reads its settings', true),
      txt('   at start, and again'),
      txt('   when told to.'),
      txt('Then', true),
      txt('   kettle --reload', true),
    ];
    expect(documentSections(indented).map((section) => section.headings)).toEqual([['Name'], ['Functional Overview'], ['Then']]);
    const underlined = [txt('1 Usage', true), txt('*******'), ...indented];
    expect(documentSections(underlined).map((section) => section.headings)).toEqual([['1 Usage']]);
  });

  it('reads a manual page’s titles set right above their text, and its subsections set in less than the text', () => {
    // `man rsync | col -b`: ".SH" at the margin, ".SS" three spaces in, the text seven in, an option's text fourteen.
    const page = [
      txt('NAME', true),
      txt('       kettle - boil water'),
      txt('SYNOPSIS', true),
      txt('   Traditional usage'),
      txt('       kettle [OPTION...]'),
      txt('OPTIONS', true),
      txt('       --boil'),
      txt('              Boil the water once.'),
      txt('   Safety notes', true),
      txt('       Never run it empty.'),
      txt('       Unplug it to clean it.', true),
    ];
    expect(documentSections(page).map((section) => section.headings)).toEqual([
      ['NAME'],
      ['SYNOPSIS', 'Traditional usage'],
      ['OPTIONS'],
      ['OPTIONS', 'Safety notes'],
    ]);
  });

  it('joins a word `man` broke at a line’s end with the hyphen U+2010, and keeps a text’s other line breaks', () => {
    const page = [
      txt('OPTIONS', true),
      txt('       -x, --extract'),
      txt('              Extract files from an archive.  When given, they are ex‐'),
      txt('              tracted; a non‐'),
      txt('              Empty line stays.  Scripts must never set XZ_DE‐'),
      txt('              FAULTS.'),
    ];
    expect(documentSections(page)[0]?.paragraphs.map((paragraph) => paragraph.text)).toEqual([
      '       -x, --extract\n              Extract files from an archive.  When given, they are extracted; a non‐\n              Empty line stays.  Scripts must never set XZ_DEFAULTS.',
    ]);
  });

  it('reads a title centred on its line as a heading, not an author’s line or a centred line of a text with underlines', () => {
    const body = 'Fill the kettle with cold water up to the line marked MAX on its side, then switch it on.';
    const centred = (text: string) => txt(`${' '.repeat(Math.floor((body.length - text.length) / 2))}${text}`, true);
    const lines = [centred('Kettle manual'), centred('Ann Smith <ann@example.com>'), txt(body, true), centred('Glossary'), txt(body.replace('Fill', 'MAX:'), true)];
    expect(documentSections(lines).map((section) => section.headings)).toEqual([['Kettle manual'], ['Glossary']]);
    const underlined = [txt('Usage', true), txt('====='), ...lines];
    expect(documentSections(underlined).map((section) => section.headings)).toEqual([['Usage']]);
  });

  it('keeps text with no headings as one section, and a rule under a short line as neither its heading nor text', () => {
    expect(documentSections([txt('Hello there.', true), txt('Short', true), txt('------------------------------')])).toEqual([
      { headings: [], paragraphs: [{ text: 'Hello there.', page: 1 }, { text: 'Short', page: 1 }] },
    ]);
  });
});
