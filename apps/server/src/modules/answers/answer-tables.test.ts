import { describe, expect, it } from 'vitest';
import { sentences, term } from '../../test/answer-test-terms.ts';
import { answerText, chooseSentences } from './answer-sentences.ts';
import { linesOfTable, pageTableTermsOf, rowWithHeader } from './answer-tables.ts';

const KETTLES = [
  'Model      Capacity   Power     Boil time',
  '-----      --------   -----     ---------',
  'K-100      1.0 l      1800 W    3 min',
  'K-200      1.7 l      2200 W    4 min',
  'K-300      2.0 l      3000 W    4 min',
  'K-400      2.5 l      3000 W    5 min',
  'K-500      3.0 l      3000 W    6 min',
  'K-600      3.5 l      3000 W    7 min',
  'K-700      4.0 l      3000 W    8 min',
].join('\n');

describe('linesOfTable', () => {
  it('gives each row of a table its cells and the header, the rule under the header left out', () => {
    const lines = linesOfTable(KETTLES);
    expect(lines).toHaveLength(8);
    expect(lines[0]).toEqual({ line: KETTLES.split('\n')[0] });
    expect(lines[2]).toEqual({ line: 'K-200      1.7 l      2200 W    4 min', cells: ['K-200', '1.7 l', '2200 W', '4 min'], header: ['Model', 'Capacity', 'Power', 'Boil time'] });
  });

  it('reads a Markdown table by its pipes', () => {
    const lines = linesOfTable('| Plan | Price | Seats |\n|---|:---:|---|\n| Basic | $5 | 1 |\n| Team | $20 | 10 |');
    expect(lines.map((line) => rowWithHeader(line.line, line.cells, line.header))).toEqual([
      '| Plan | Price | Seats |',
      'Plan: Basic; Price: $5; Seats: 1',
      'Plan: Team; Price: $20; Seats: 10',
    ]);
  });

  it.each([
    ['a help text, whose first line is an option', '-c, --stdout     write on standard output\n-d, --decompress  decompress\n-k, --keep       keep input files'],
    ['prose lines', 'The kettle switches off by itself.\nIt has a filter.\nDescale it monthly.'],
    ['a header over rows of another shape', 'Name   Value\nThis line is a sentence with no columns at all.\nNeither is this one, really.'],
  ])('leaves %s as plain lines', (_, text) => {
    expect(linesOfTable(text).every((line) => line.cells === undefined)).toBe(true);
  });

  it("names the header before a row whose cells do not pair up with the columns", () => {
    expect(rowWithHeader('K-900 5 l', ['K-900', '5 l'], ['Model', 'Capacity', 'Power'])).toBe('Model, Capacity, Power: K-900 5 l');
  });
});

describe('a table row in an answer', () => {

  it("is quoted with its columns' names, so the answer says what the numbers are", () => {
    const found = sentences([`Kettles compared.\n\n${KETTLES}`]);
    const chosen = chooseSentences(found, 'How much power does the K-200 draw?', [term('k-200', 5), term('power', 2)], [1]);
    expect(answerText(chosen)).toBe('Model: K-200; Capacity: 1.7 l; Power: 2200 W; Boil time: 4 min');
  });
});

/** Ninja's manual (AsciiDoc's labelled list, an HTML table of two columns) as a web page's reading stores it. */
const NINJA_TOOLS = [
  'inputs | given a list of targets, print a list of all inputs used to rebuild those targets. Available since Ninja 1.11.',
  'clean | remove built files. By default it removes all built files except for those created by the generator. Adding the -g flag also removes built files created by the generator (see the rule reference for the generator attribute). Additional arguments are targets, which removes the given targets and recursively all files built for them. If used like ninja -t clean -r rules it removes all files built using the given rules.',
  'cleandead | remove files produced by previous builds that are no longer in the build file. Available since Ninja 1.10.',
  'graph | output a file in the syntax used by graphviz, a automatic graph layout tool. Use it like: ninja -t graph mytarget | dot -Tpng -ograph.png',
].join('\n\n');

describe('pageTableTermsOf', () => {
  it("reads a web page's table of two columns, a name and its description, as terms and their definitions", () => {
    expect(pageTableTermsOf(NINJA_TOOLS.split('\n\n'))).toEqual(['inputs', 'clean', 'cleandead', 'graph']);
  });

  it.each([
    ['a row alone', ['clean | remove built files.', 'A paragraph.']],
    ['pipelines', ['ps aux | grep foo', 'sort names | uniq -c']],
    ['rows of more columns', ['K-200 | 1.7 l | 2200 W', 'K-300 | 2.0 l | 3000 W']],
    ['sentences holding a pipe', ['Pipe it through less. Like this | and so on.', 'Another line. With | a pipe.']],
    ['lines of a text table', ['| Plan | Price |\n|---|---|\n| Basic | $5 |']],
  ])('leaves %s alone', (_, paragraphs) => {
    expect(pageTableTermsOf(paragraphs).every((term) => term === null)).toBe(true);
  });
});

describe("a web page's table of definitions in an answer", () => {

  it('keeps the term of a description quoted from inside it, and says it as a term (fails before: "Additional arguments are targets, …" alone)', () => {
    const question = 'How do I remove only the targets I name and the files built for them?';
    const chosen = chooseSentences(sentences([NINJA_TOOLS]), question, [term('target', 2), term('recursively', 3), term('file', 1), term('built', 1), term('name', 1)], [1]);
    expect(answerText(chosen)).toMatch(/^clean: .*Additional arguments are targets, which removes the given targets and recursively all files built for them\./);
    expect(answerText(chosen)).not.toContain('cleandead');
  });

  it('quotes a row from its term, as the term and what it does', () => {
    const chosen = chooseSentences(sentences([NINJA_TOOLS]), 'What does the cleandead tool do?', [term('cleandead', 6), term('tool', 1)], [1]);
    expect(answerText(chosen)).toBe('cleandead: remove files produced by previous builds that are no longer in the build file. Available since Ninja 1.10.');
  });
});
