import { describe, expect, it } from 'vitest';
import { documentLines } from './clean-pages.ts';
import type { DocumentPage, PageLine } from './document-kind.ts';

/** A PDF page from lines spaced as a body's are, the first and last in the running header and footer bands. */
function pdfPage(page: number, texts: readonly string[]): DocumentPage {
  const lines: PageLine[] = texts.map((text, index) => ({ text, size: 10, top: index === 0 ? 0.05 : index === texts.length - 1 ? 0.95 : 0.1 + index * 0.015 }));
  return { page, text: texts.join('\n'), lines };
}

describe('documentLines on a PDF', () => {
  it('drops a running header seen on three pages and the page numbers, and keeps the body', () => {
    const pages = [1, 2, 3].map((page) => pdfPage(page, ['How to use bzip2', `Body line on page ${page}.`, String(page + 6)]));
    expect(documentLines(pages).map((line) => line.text)).toEqual(['Body line on page 1.', 'Body line on page 2.', 'Body line on page 3.']);
  });

  it('keeps a line seen at the top of only two pages, and a header-like line in the body', () => {
    const pages = [1, 2].map((page) => pdfPage(page, ['Chapter title', 'How to use bzip2', 'x']));
    expect(documentLines(pages).map((line) => line.text)).toEqual(['Chapter title', 'How to use bzip2', 'Chapter title', 'How to use bzip2']);
  });

  it('drops table-of-contents lines with dot leaders, and the contents heading on their page', () => {
    const pages = [pdfPage(1, ['Title', 'Table of Contents', '1. Introduction . . . . . . . . 1', '2. How to use bzip2 ........ 2', 'Preface text.', 'x'])];
    expect(documentLines(pages).map((line) => line.text)).toEqual(['Title', 'Preface text.']);
  });

  it('starts a paragraph after a gap wider than the page’s line spacing', () => {
    const lines: PageLine[] = [
      { text: 'First line', size: 10, top: 0.2 },
      { text: 'second line.', size: 10, top: 0.215 },
      { text: 'third line', size: 10, top: 0.23 },
      { text: 'New paragraph.', size: 10, top: 0.26 },
    ];
    expect(documentLines([{ page: 1, text: '', lines }]).map((line) => line.paragraphStart)).toEqual([true, false, false, true]);
  });
});

describe('documentLines on text', () => {
  it('drops Texinfo node lines, menus and index entries', () => {
    const text = [
      'File: wget.info,  Node: Overview,  Next: Invoking,  Prev: Top,  Up: Top',
      '',
      '1 Overview',
      '**********',
      '',
      'GNU Wget is a free utility.',
      '',
      '* Menu:',
      '',
      '* URL Format::       What a URL looks like.',
      '* Option Syntax::    Syntax of options.',
      '',
      '* #wget:                                 Internet Relay Chat. (line   6)',
      'The end.',
    ].join('\n');
    expect(documentLines([{ page: 1, text }]).map((line) => line.text)).toEqual(['1 Overview', '**********', 'GNU Wget is a free utility.', 'The end.']);
  });

  it('drops the markers of a text that quotes its answers, a lone one parting two paragraphs, and keeps a few quoted lines as they are', () => {
    const faq = [
      '#### Sudo never asks for a password',
      '',
      "> You didn't setup PAM to work with sudo.",
      '> See the example pam.conf file.',
      '>',
      '> On AIX, check /etc/security/login.cfg.',
      '',
      '#### Nothing gets logged',
      '',
      '> Make sure syslog.conf saves the messages.',
      '> Send a SIGHUP to syslogd.',
    ].join('\n');
    expect(documentLines([{ page: 1, text: faq }]).map((line) => [line.text, line.paragraphStart])).toEqual([
      ['#### Sudo never asks for a password', true],
      ["You didn't setup PAM to work with sudo.", true],
      ['See the example pam.conf file.', false],
      ['On AIX, check /etc/security/login.cfg.', true],
      ['#### Nothing gets logged', true],
      ['Make sure syslog.conf saves the messages.', true],
      ['Send a SIGHUP to syslogd.', false],
    ]);
    const shell = ['Type the command on two lines:', '', '$ echo "one', '> two"', '', 'and press Enter.'].join('\n');
    expect(documentLines([{ page: 1, text: shell }]).map((line) => line.text)).toContain('> two"');
  });

  it('marks the lines after a blank one as starting a paragraph', () => {
    const lines = documentLines([{ page: 1, text: 'One\ntwo\n\nThree' }]);
    expect(lines.map((line) => [line.text, line.paragraphStart])).toEqual([['One', true], ['two', false], ['Three', true]]);
  });

  it('drops the running footers and page numbers of nroff output whose pages are padded with blank lines', () => {
    const pad = '\n'.repeat(8);
    const body = ['Fill the kettle.', 'Close the lid.', 'Switch it on.', 'Wait for the click.', 'Pour the water.', 'Enjoy the tea.'];
    const text = (page: number) => body.map((line) => `${line.replace('.', '')} (${'abc'[page - 1] ?? ''}).`);
    const sheets = [1, 2, 3].map((page) => `${text(page).join('\n')}\n\n${' '.repeat(30)}${page}\n\nman-db      v2.11.2      2023-01-08`);
    const lines = documentLines([{ page: 1, text: sheets.join(pad) }]);
    expect(lines.map((line) => line.text)).toEqual([1, 2, 3].flatMap(text));
    expect(lines.map((line) => line.paragraphStart)).toEqual([1, 2, 3].flatMap(() => [true, false, false, false, false, false]));
    // A text with a few blank lines here and there keeps every line.
    expect(documentLines([{ page: 1, text: `Title${pad}Body one.${pad}Step two.${pad}Body two.` }]).map((line) => line.text)).toEqual(['Title', 'Body one.', 'Step two.', 'Body two.']);
  });

  it('drops running headers and page numbers of pages split by form feeds', () => {
    const sheets = [1, 2, 3].map((page) => `BZIP2(1)   General Commands   BZIP2(1)\n\nText of page ${page}.\nMore text.\n\n${page}`);
    expect(documentLines([{ page: 1, text: sheets.join('\f') }]).map((line) => line.text)).toEqual(
      [1, 2, 3].flatMap((page) => [`Text of page ${page}.`, 'More text.']),
    );
  });
});
