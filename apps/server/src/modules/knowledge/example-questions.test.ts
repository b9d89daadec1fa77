import { describe, expect, it } from 'vitest';
import { DEMO_PAGE_TEXTS } from '@steward/contract/demo-page';
import { exampleQuestions } from './example-questions.ts';

const BILL_OF_RIGHTS = {
  title: 'The Bill of Rights',
  chunks: [
    {
      heading: null,
      content:
        'The Bill of Rights: the first ten amendments to the Constitution of the United States\n(ratified December 15, 1791)\n\nAmendment I\nCongress shall make no law respecting an establishment of religion.\n\nAmendment II\nA well regulated Militia, being necessary to the security of a free State.',
    },
  ],
};
const MANUAL = {
  title: 'GNU Wget manual',
  chunks: [
    { heading: '2. Invoking › 2.5 Download Options', content: 'The options that control downloading. See also the recursive options.' },
    { heading: '2. Invoking › 2.5 Download Options', content: 'More about --tries.' },
    { heading: '3. Recursive Download', content: 'GNU Wget can follow links.' },
  ],
};
const FAQ = {
  title: 'Shipping FAQ',
  chunks: [{ heading: null, content: 'Frequently asked.\nHow long does delivery take to Canada? Five to seven days.\nCan I pay by invoice? Yes.\nok?' }],
};
const ADDRESS = { title: 'The Gettysburg Address', chunks: [{ heading: null, content: 'The Gettysburg Address\nDelivered by Abraham Lincoln at the dedication of the cemetery.' }] };

describe('the /demo page\'s example questions from the uploaded documents', () => {
  it('takes the questions a document asks itself first, then its headings without their numbers', () => {
    expect(exampleQuestions([FAQ], 3)).toEqual(['How long does delivery take to Canada?', 'Can I pay by invoice?', DEMO_PAGE_TEXTS.aboutDocument('Shipping FAQ')]);
    expect(exampleQuestions([MANUAL], 3)).toEqual([
      DEMO_PAGE_TEXTS.aboutTopic('GNU Wget manual', 'Download Options'),
      DEMO_PAGE_TEXTS.aboutTopic('GNU Wget manual', 'Recursive Download'),
      DEMO_PAGE_TEXTS.aboutDocument('GNU Wget manual'),
    ]);
  });

  it('reads a text file\'s short title lines as topics, but not its own title, a date line or a long first line', () => {
    expect(exampleQuestions([BILL_OF_RIGHTS], 2)).toEqual([
      'What does “The Bill of Rights” say about Amendment I?',
      'What does “The Bill of Rights” say about Amendment II?',
    ]);
    expect(exampleQuestions([ADDRESS], 3)).toEqual(['What is “The Gettysburg Address” about?']);
    // A title above a blank line counts; the short last line of a wrapped paragraph does not.
    const wrapped = {
      title: 'Kettle care',
      chunks: [{ heading: null, content: 'Descaling\n\nDescale the kettle with citric acid once a month, more often where\nthe water is hard\n\nRinse it twice before you boil water for drinking again.' }],
    };
    expect(exampleQuestions([wrapped], 3)).toEqual([DEMO_PAGE_TEXTS.aboutTopic('Kettle care', 'Descaling'), DEMO_PAGE_TEXTS.aboutDocument('Kettle care')]);
  });

  it('takes a numbered question whole, and no question that leans on a sentence before it on its line', () => {
    const faq = {
      title: 'Midnight Commander FAQ',
      chunks: [{ heading: null, content: '1.5 Is GNU Midnight Commander Public Domain?  Copyrighted?\n\n   It is under the GNU GPL.\n\n1.7 I cannot compile MC.  What should I do?\n\n2.3 How do I use function keys F11 to F20?\nQ: Does it run on my machine?' }],
    };
    expect(exampleQuestions([faq], 4)).toEqual(['Is GNU Midnight Commander Public Domain?', 'How do I use function keys F11 to F20?', 'Does it run on my machine?', DEMO_PAGE_TEXTS.aboutDocument('Midnight Commander FAQ')]);
  });

  it('leaves out a manual page\'s sections that say nothing of its subject (NAME, SYNOPSIS and what is under it, DESCRIPTION) and a table of contents, and writes a title in capitals as a sentence', () => {
    const page = {
      title: 'rsync manual',
      chunks: [
        { heading: 'Table of contents', content: '* Supported platforms\n* Building Node.js' },
        { heading: 'NAME', content: 'rsync - a fast, versatile, remote file-copying tool' },
        { heading: 'SYNOPSIS › Traditional usage', content: 'rsync [OPTION...] SRC... [DEST]' },
        { heading: 'DESCRIPTION', content: 'Rsync is a fast and extraordinarily versatile file copying tool.' },
        { heading: 'EXIT VALUES', content: '0 - Success' },
        { heading: 'FAQ', content: 'See the FAQ.' },
      ],
    };
    expect(exampleQuestions([page], 4)).toEqual([
      DEMO_PAGE_TEXTS.aboutTopic('rsync manual', 'Exit values'),
      DEMO_PAGE_TEXTS.aboutTopic('rsync manual', 'FAQ'),
      DEMO_PAGE_TEXTS.aboutDocument('rsync manual'),
    ]);
  });

  it('takes a subsection’s title of one word after the other topics, and no piece of a wrapped sentence (fails before: Node.js’s BUILDING.md gave “… say about Input?” and “… about Running the?”)', () => {
    const guide = {
      title: 'Building Node.js',
      chunks: [
        { heading: 'Supported platforms', content: 'This list of supported platforms is current as of the branch.' },
        { heading: 'Supported platforms › Input', content: 'Node.js relies on V8 and libuv.' },
        { heading: 'Supported platforms › Strategy', content: 'There are three support tiers.' },
        { heading: 'Supported platforms › Platform list', content: 'Running the\nWindows binary (node.exe) in WSL will not work without workarounds.' },
        { heading: 'Building Node.js › Building a debug build', content: 'You can try to build a debug enabled binary.' },
      ],
    };
    expect(exampleQuestions([guide], 4)).toEqual([
      DEMO_PAGE_TEXTS.aboutTopic('Building Node.js', 'Supported platforms'),
      DEMO_PAGE_TEXTS.aboutTopic('Building Node.js', 'Platform list'),
      DEMO_PAGE_TEXTS.aboutTopic('Building Node.js', 'Building a debug build'),
      DEMO_PAGE_TEXTS.aboutTopic('Building Node.js', 'Input'),
    ]);
  });

  it('takes no question quoted inside a sentence, and no command line as a topic (fails before: Expat’s reference and GNU bc’s manual on /demo)', () => {
    const manual = {
      title: 'bc Command Manual',
      chunks: [
        { heading: 'Introduction › Description', content: 'bc [ -hlwsqv ] [long-options] [ file ... ]\nbc is a language that supports arbitrary precision numbers with interactive execution of statements.' },
        { heading: 'Basic Elements › Numbers', content: 'For instance, to answer the simple question, "What element does this text belong to?" requires a stack.\nWhat does "scale" mean?' },
      ],
    };
    expect(exampleQuestions([manual], 3)).toEqual(['What does "scale" mean?', DEMO_PAGE_TEXTS.aboutTopic('bc Command Manual', 'Numbers'), DEMO_PAGE_TEXTS.aboutDocument('bc Command Manual')]);
  });

  it('takes a FAQ entry’s question that heads its section alone (a web page’s <summary>, a Markdown "## How …?" heading)', () => {
    const page = {
      title: 'Kettle Pro help',
      chunks: [
        { heading: 'Kettle Pro help › Using the kettle › How do I set the water temperature?', content: 'Press the thermometer button until the display shows it.' },
        { heading: 'Kettle Pro help › Using the kettle › How do I set the water temperature?', content: 'The kettle keeps the last setting.' },
        { heading: 'Kettle Pro help › Care', content: 'Spare filters are sold in packs of two.' },
      ],
    };
    expect(exampleQuestions([page])).toEqual(['How do I set the water temperature?', DEMO_PAGE_TEXTS.aboutTopic('Kettle Pro help', 'Care'), DEMO_PAGE_TEXTS.aboutDocument('Kettle Pro help')]);
  });

  it('takes one from each document in turn, newest first, each once, up to the limit; none without documents', () => {
    expect(exampleQuestions([BILL_OF_RIGHTS, ADDRESS, FAQ], 3)).toEqual([
      'What does “The Bill of Rights” say about Amendment I?',
      'What is “The Gettysburg Address” about?',
      'How long does delivery take to Canada?',
    ]);
    expect(exampleQuestions([FAQ, FAQ], 3)).toEqual(['How long does delivery take to Canada?', 'Can I pay by invoice?', DEMO_PAGE_TEXTS.aboutDocument('Shipping FAQ')]);
    expect(exampleQuestions([])).toEqual([]);
  });
});
