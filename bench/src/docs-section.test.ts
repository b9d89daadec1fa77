import { describe, expect, it } from 'vitest';
import { SECTION_END, SECTION_START, demoteHeadings, replaceMarkedSection, runContextMarkdown } from './docs-section.ts';

describe('replaceMarkedSection', () => {
  const document = `# Operations\nbefore\n${SECTION_START}\nold table\n${SECTION_END}\nafter\n`;

  it('replaces only what is between the markers, keeping them', () => {
    expect(replaceMarkedSection(document, '\nnew table\n')).toBe(`# Operations\nbefore\n${SECTION_START}\nnew table\n${SECTION_END}\nafter\n`);
  });

  it('refuses a document without both markers in order, or with them twice', () => {
    expect(() => replaceMarkedSection('# Operations\n', 'x')).toThrow(/needs <!-- bench:start -->/);
    expect(() => replaceMarkedSection(`${SECTION_END}\n${SECTION_START}\n`, 'x')).toThrow(/needs/);
    expect(() => replaceMarkedSection(`${document}${SECTION_START}\n`, 'x')).toThrow(/more than once/);
  });
});

describe('runContextMarkdown', () => {
  it('states the date, node, the load average at both ends and the knobs set', () => {
    const text = runContextMarkdown({
      date: new Date('2026-11-23T17:00:00Z'),
      loadAverageAtStart: [1, 2, 3],
      loadAverageAtEnd: [4.5, 2.25, 1],
      nodeVersion: 'v22.20.0',
      environment: { BENCH_DURATION: '2', BENCH_HISTORY_ROWS: '20000' },
    });
    expect(text).toContain('Measured 2026-11-23T17:00:00.000Z with Node v22.20.0;');
    expect(text).toContain('1.00 / 2.00 / 3.00 at the start, 4.50 / 2.25 / 1.00 at the end.');
    expect(text).toContain('Environment: `BENCH_DURATION=2`, `BENCH_HISTORY_ROWS=20000`.');
    expect(runContextMarkdown({ date: new Date(0), loadAverageAtStart: [0], loadAverageAtEnd: [0], nodeVersion: 'v22', environment: {} })).toContain(
      'the defaults (no BENCH_* variable set)',
    );
  });
});

describe('demoteHeadings', () => {
  it('moves every heading one level down and leaves other lines alone', () => {
    expect(demoteHeadings('### Targets\ntext # not a heading\n#### Details\n| a | b |')).toBe('#### Targets\ntext # not a heading\n##### Details\n| a | b |');
  });
});
