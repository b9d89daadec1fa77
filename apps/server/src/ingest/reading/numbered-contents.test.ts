import { describe, expect, it } from 'vitest';
import { documentLines } from './clean-pages.ts';
import { documentSections } from './document-sections.ts';

const linesOf = (text: string) => documentLines([{ page: 1, text }]);
const textOf = (text: string) =>
  documentSections(linesOf(text))
    .flatMap((section) => section.paragraphs.map((paragraph) => paragraph.text))
    .join('\n');

/** The entries of a kettle FAQ, each numbered at two levels, under two numbered parts. */
const ENTRIES = [
  '1. USING THE KETTLE',
  '',
  '1.1. How do I descale the kettle?',
  '',
  '   Use citric acid once a month.',
  '',
  '1.2. Why does the kettle click at the boil?',
  '',
  '   The thermostat switches it off.',
  '',
  '1.3. How full may I fill it?',
  '',
  '   Up to the MAX mark.',
  '',
  '2. WARRANTY',
  '',
  '2.1. How long is the warranty of the',
  '     kettle?',
  '',
  '   Two years from the day you bought it.',
  '',
  '2.2. Who pays for the shipping of a repair?',
  '',
  '   We do.',
];

/** Its table of contents above the entries, as sed's and lsof's FAQs have one: parts, a wrapped question, a short list. */
const CONTENTS = [
  'THE KETTLE FAQ',
  '',
  'CONTENTS',
  '',
  '1. USING THE KETTLE',
  '1.1. How do I descale the kettle?',
  '1.2. Why does the kettle click at the boil?',
  '      - with a lid open?',
  '      - on a base of another kettle?',
  '1.3. How full may I fill it?',
  '',
  '2. WARRANTY',
  '2.1. How long is the warranty of the',
  '     kettle?',
  '2.2. Who pays for the shipping of a repair?',
  '',
  '------------------------------',
  '',
];

describe("a plain text's table of contents of numbered titles", () => {
  it('is no text: each question is read once, at its entry, and what follows the list starts a paragraph', () => {
    const lines = linesOf([...CONTENTS, ...ENTRIES].join('\n'));
    expect(lines.map((line) => line.text)).not.toContain('CONTENTS');
    expect(lines.filter((line) => line.text.trim() === '1.2. Why does the kettle click at the boil?')).toHaveLength(1);
    expect(lines.some((line) => line.text.includes('with a lid open'))).toBe(false);
    expect(lines[0]?.text).toBe('THE KETTLE FAQ');
    expect(lines[1]).toMatchObject({ text: '------------------------------', paragraphStart: true });
    const text = textOf([...CONTENTS, ...ENTRIES].join('\n'));
    expect(text.match(/How full may I fill it\?/g)).toHaveLength(1);
    expect(text).toContain('Two years from the day you bought it.');
  });

  it('is left alone when the text does not repeat its lines (a numbered list of points is the text itself)', () => {
    const points = ['Safety rules', '', ...['Unplug it first.', 'Let it cool.', 'Keep it dry.', 'Never immerse it.', 'Use the base only.', 'Check the cord.'].map((rule, index) => `1.${index + 1}. ${rule}`)];
    expect(linesOf(points.join('\n')).map((line) => line.text)).toEqual(points.filter((line) => line !== ''));
  });

  it('is not found in a body whose few section numbers come back far apart', () => {
    // lsof's FAQ names "3.2 Compilation Problems" twice in its body; the same lines five times over, spread out.
    const body = Array.from({ length: 5 }, (_, part) => [`${part + 1}.1 Problems of part ${part + 1}`, '', ...Array.from({ length: 10 }, (__, line) => `A sentence ${line} of part ${part + 1}.`), ''].join('\n'));
    const text = [...body, ...body].join('\n');
    expect(linesOf(text)).toHaveLength(text.split('\n').filter((row) => row.trim() !== '').length);
    expect(linesOf(text).filter((line) => line.text === '1.1 Problems of part 1')).toHaveLength(2);
  });

  it('is not found with fewer than five titles listed', () => {
    const short = ['CONTENTS', '', '1.1. How do I descale the kettle?', '1.2. Why does the kettle click at the boil?', '', ...ENTRIES.slice(2, 9)];
    expect(linesOf(short.join('\n')).map((line) => line.text)).toContain('CONTENTS');
  });

  it('drops the list of a FAQ whose entries are numbered with a colon ("1.2: What is it?", the Z shell’s), listed with a full stop', () => {
    const titles = ['1.1', 'Sources of information', '1.2', 'What is it?', '2.1', 'Differences from sh and ksh', '2.2', 'Why do my csh aliases not work?', '2.3', 'How do I get a newline in my prompt?'];
    const pairs = [0, 2, 4, 6, 8].map((at) => [titles[at] ?? '', titles[at + 1] ?? ''] as const);
    const faq = ['Shell FAQ', '', 'Contents:', ...pairs.map(([number, title]) => `${number}. ${title}`), '', ...pairs.flatMap(([number, title], index) => [`${number}: ${title}`, '', `  Answer number ${index + 1}.`, ''])].join('\n');
    const text = textOf(faq);
    expect(text).not.toContain('2.2. Why do my csh aliases not work?');
    expect(text).not.toContain('Contents:');
    expect(text).toContain('2.2: Why do my csh aliases not work?');
  });

  it('drops a list set as a web page’s nested bullets, as Midnight Commander’s FAQ has it ("* 1 …", "+ 1.1 …")', () => {
    const bulleted = ['THE KETTLE FAQ', '', ...ENTRIES.flatMap((line) => {
      const number = /^(\d+(?:\.\d+)?)\. (.*)$/.exec(line);
      if (!number) return [];
      return [number[1]?.includes('.') ? `     + ${number[1]} ${number[2]}` : `  * ${number[1]} ${number[2]}`];
    }), ''];
    const text = textOf([...bulleted, ...ENTRIES].join('\n'));
    expect(text).not.toContain('+ 1.2');
    expect(text.match(/Why does the kettle click at the boil\?/g)).toHaveLength(1);
    expect(text).toContain('Two years from the day you bought it.');
  });
});
