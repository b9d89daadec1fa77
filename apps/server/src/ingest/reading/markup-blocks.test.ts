import { describe, expect, it } from 'vitest';
import type { SourceLine } from './clean-pages.ts';
import { documentSections } from './document-sections.ts';

const txt = (text: string, paragraphStart = false): SourceLine => ({ text, size: null, page: 1, paragraphStart });

describe('a text marked up as AsciiDoc (the Git User Manual)', () => {
  it('reads its "==" titles as sections by their depth, drops anchors and styles, and never takes a listing for a title, which is a paragraph of its own', () => {
    const sections = documentSections([
      txt('= Git User Manual', true),
      txt('[preface]', true),
      txt('== Introduction'),
      txt('For the command `git clone <repo>`, you can either use:', true),
      txt('------------------------------------------------', true),
      txt('$ man git-clone'),
      txt('------------------------------------------------'),
      txt('or read the manual.', true),
      txt('[[how-to-check-out]]', true),
      txt('=== How to check out a different version of a project'),
      txt('Git stores history.', true),
      txt('------------------------------------------------', true),
      txt('# the Linux kernel (approx. 640MB download):'),
      txt('$ git clone git://git.kernel.org/linux.git'),
      txt('------------------------------------------------'),
    ]);
    expect(sections).toEqual([
      {
        headings: ['Git User Manual', 'Introduction'],
        paragraphs: [
          { text: 'For the command `git clone <repo>`, you can either use:', page: 1 },
          { text: '$ man git-clone', page: 1 },
          { text: 'or read the manual.', page: 1 },
        ],
      },
      {
        headings: ['Git User Manual', 'Introduction', 'How to check out a different version of a project'],
        paragraphs: [
          { text: 'Git stores history.', page: 1 },
          { text: '# the Linux kernel (approx. 640MB download):\n$ git clone git://git.kernel.org/linux.git', page: 1 },
        ],
      },
    ]);
  });

  it('leaves one "== …" line in a plain text as text, and a rule between two lines of prose as a ruled title', () => {
    const sections = documentSections([
      txt('== Results', true),
      txt('The run ended.', true),
      txt('----------', true),
      txt('2. Compiling and installing', true),
      txt('----------', true),
      txt('Run make.', true),
    ]);
    expect(sections.map((section) => section.headings)).toEqual([[], ['2. Compiling and installing']]);
  });
});

describe('a Markdown text’s HTML comments', () => {
  it('are dropped, one line or many, but not one inside code, one text follows, or one never closed (Node.js’s API docs; fails before: "<!-- YAML" quoted)', () => {
    const sections = documentSections([
      txt('## `path.extname(path)`', true),
      txt('<!-- YAML', true),
      txt('added: v0.1.25'),
      txt('-->'),
      txt('The `path.extname()` method returns the extension of the `path`.', true),
      txt('<!-- source_link=lib/path.js -->', true),
      txt('```html', true),
      txt('<!-- kept: code -->'),
      txt('```'),
      txt('<!-- a note --> and text after it', true),
      txt('<!-- never closed', true),
    ]);
    expect(sections.flatMap((section) => section.paragraphs.map((paragraph) => paragraph.text))).toEqual([
      'The `path.extname()` method returns the extension of the `path`.',
      '<!-- kept: code -->',
      '<!-- a note --> and text after it',
      '<!-- never closed',
    ]);
  });
});

describe('a Markdown text’s fenced code', () => {
  it('is never a heading nor a list, its fences are dropped, and it is a paragraph of its own (Node.js’s BUILDING.md)', () => {
    const sections = documentSections([
      txt('# Installing', true),
      txt('Run:', true),
      txt('```sh'),
      txt('# fetch the sources'),
      txt('git clone https://example.org/kettle.git'),
      txt('- not an item'),
      txt('```'),
      txt('then install it.'),
      txt('# Using it', true),
      txt('Boil water.', true),
    ]);
    expect(sections).toEqual([
      {
        headings: ['Installing'],
        paragraphs: [
          { text: 'Run:', page: 1 },
          { text: '# fetch the sources\ngit clone https://example.org/kettle.git\n- not an item', page: 1 },
          { text: 'then install it.', page: 1 },
        ],
      },
      { headings: ['Using it'], paragraphs: [{ text: 'Boil water.', page: 1 }] },
    ]);
  });

  it('is not a title’s "~~~" underline, nor a fence never closed', () => {
    const sections = documentSections([
      txt('0. What does MD stand for?', true),
      txt('~~~~~~~~~~~~~~~~~~~~~~~~~~'),
      txt('Multiple device.', true),
      txt('1. How do I zero the superblock?', true),
      txt('~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~'),
      txt('Use ~~~ with care.', true),
      txt('~~~', true),
      txt('# not closed', true),
      txt('The end.', true),
    ]);
    expect(sections.map((section) => section.headings)).toEqual([['0. What does MD stand for?'], ['1. How do I zero the superblock?'], ['not closed']]);
  });
});
