import { describe, expect, it } from 'vitest';
import { sentences } from '../../test/answer-test-terms.ts';
import { asksWhatSectionIs, sectionDescription } from './answer-described.ts';

// Node.js's API page for path.normalize(), as a web page reads: its parameters, its description, its examples.
const NORMALIZE = [
  '• path <string>\n• Returns: <string>',
  "The path.normalize() method normalizes the given path, resolving '..' and '.' segments.",
  'When multiple, sequential path segment separation characters are found, they are replaced by a single instance of the platform-specific path segment separator. Trailing separators are preserved.',
  "On Windows:\n\npath.normalize('C:\\\\temp\\\\\\\\foo\\\\bar\\\\..\\\\');\n// Returns: 'C:\\\\temp\\\\foo\\\\'",
].join('\n\n');

describe('a question that asks what a section’s subject is or does', () => {
  it('is one whose thing is the section’s own title, code marks, arguments and a kind word aside', () => {
    const normalize = { heading: 'Path › path.normalize(path)' };
    expect(asksWhatSectionIs('What does path.normalize do?', normalize)).toBe(true);
    expect(asksWhatSectionIs('What does `path.normalize()` do', normalize)).toBe(true);
    expect(asksWhatSectionIs("What's the path.normalize function for?", normalize)).toBe(true);
    expect(asksWhatSectionIs('What is XZ_DEFAULTS?', { heading: 'xz manual › ENVIRONMENT › XZ_DEFAULTS' })).toBe(true);
    expect(asksWhatSectionIs('What does --watch do?', { heading: 'Command-line API › Options › `--watch`' })).toBe(true);
  });

  it('is not one about something else in the section, nor another kind of question', () => {
    expect(asksWhatSectionIs('What does path.normalize do on Windows?', { heading: 'Path › path.normalize(path)' })).toBe(false);
    expect(asksWhatSectionIs('How do I use path.normalize?', { heading: 'Path › path.normalize(path)' })).toBe(false);
    expect(asksWhatSectionIs('What is a path?', { heading: 'Path › path.normalize(path)' })).toBe(false);
    expect(asksWhatSectionIs('What is it?', { heading: null })).toBe(false);
  });

  it('is answered with what a description that ends on a lead-in leads to (path.sep: "Provides the … separator:")', () => {
    const found = sentences([['• Type: <string>', 'Provides the platform-specific path segment separator:', '• \\ on Windows\n• / on POSIX', 'For example, on POSIX: foo/bar/baz.'].join('\n\n')], /[a-z0-9_.]+/g);
    expect(sectionDescription(found, 0).map((sentence) => sentence.text)).toEqual(['Provides the platform-specific path segment separator:', '• \\ on Windows', '• / on POSIX']);
  });

  it('is answered by the section’s first paragraph of prose, after its parameters', () => {
    const found = sentences([NORMALIZE], /[a-z0-9_.]+/g);
    expect(sectionDescription(found, 0).map((sentence) => sentence.text)).toEqual(["The path.normalize() method normalizes the given path, resolving '..' and '.' segments."]);
  });
});
