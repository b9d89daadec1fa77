import { describe, expect, it } from 'vitest';
import { linesOfSentence, piecesOfParagraph, shapeOf, withoutAnswerMarker } from './sentence-shapes.ts';

describe('shapeOf', () => {
  it('tells a list’s item, a question line, a heading-like line and a sentence apart', () => {
    expect(shapeOf('- a mounted filesystem', undefined)).toBe('item');
    expect(shapeOf('2) Restart the service.', undefined)).toBe('item');
    expect(shapeOf('Q: Can I run it as a service?', 'A: Yes.')).toBe('question');
    expect(shapeOf('Why is my upload slow?', 'Because …')).toBe('question');
    expect(shapeOf('Configuring Timeouts', 'The client waits.')).toBe('heading');
    expect(shapeOf('The client waits 30 seconds.', 'It retries.')).toBe('sentence');
  });

  it('takes neither a setting nor a passage’s last line without a full stop for a heading', () => {
    expect(shapeOf('Use max_clients=10', 'More text.')).toBe('sentence');
    expect(shapeOf('Then Restart It', undefined)).toBe('sentence');
  });
});

describe('piecesOfParagraph and linesOfSentence', () => {
  it('starts each list item as a piece of its own, its number kept on it', () => {
    expect(piecesOfParagraph('To replace a disk:\n1. Fail it.\n2. Remove it.\n- or pull it')).toEqual(['To replace a disk:', '1. Fail it.', '2. Remove it.', '- or pull it']);
    // A plain-text manual's "o" bullets (roff, texinfo), and the word "o" nowhere else at a line's start.
    expect(piecesOfParagraph('You need three things:\no an RTC in your computer\no the rtcfile directive')).toEqual([
      'You need three things:',
      'o an RTC in your computer',
      'o the rtcfile directive',
    ]);
  });

  it('cuts a title line off the paragraph it heads, and leaves wrapped prose whole', () => {
    expect(linesOfSentence('Overview\nGNU Wget is a free utility for non-interactive download of files from the Web.', true)).toEqual([
      'Overview',
      'GNU Wget is a free utility for non-interactive download of files from the Web.',
    ]);
    const wrapped = 'The home directory should NOT be owned by the\nFTP user itself, nor be writable by it.';
    expect(linesOfSentence(wrapped, true)).toEqual([wrapped]);
  });

  it('drops an answer’s marker, not an initial', () => {
    expect(withoutAnswerMarker('A2) Set listen=YES.')).toBe('Set listen=YES.');
    expect(withoutAnswerMarker('A. Smith wrote it.')).toBe('A. Smith wrote it.');
  });
});
