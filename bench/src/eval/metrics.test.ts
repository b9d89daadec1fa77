import { describe, expect, it } from 'vitest';
import { oneManualLine } from './eval-report.ts';
import { answerText, firstRightRank, percentile, rankingMeasures } from './metrics.ts';
import { holdsAny, normaliseForMatch } from './text-match.ts';

describe('the evaluation measures', () => {
  it('finds the first right passage', () => {
    expect(firstRightRank(['a', 'b', 'right', 'right'], (passage) => passage === 'right')).toBe(3);
    expect(firstRightRank(['a', 'b'], (passage) => passage === 'right')).toBeNull();
  });

  it('counts hits at 1 and 5 and the mean reciprocal rank within 10', () => {
    const measures = rankingMeasures([1, 2, 6, null, 11]);
    expect(measures.hitAt1).toBeCloseTo(1 / 5);
    expect(measures.hitAt5).toBeCloseTo(2 / 5);
    expect(measures.mrrAt10).toBeCloseTo((1 + 1 / 2 + 1 / 6) / 5);
    expect(rankingMeasures([])).toEqual({ hitAt1: 0, hitAt5: 0, mrrAt10: 0 });
  });

  it('takes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 100)).toBe(5);
    expect(percentile([10], 95)).toBe(10);
  });

  it('reads an answer as text and finds facts whatever the quotes, dashes, case and line breaks', () => {
    const text = answerText('<p>Use <code>--continue</code> &amp; &quot;resume&quot;</p><cite>GNU Wget manual</cite>');
    expect(text).toBe('Use --continue & "resume" GNU Wget manual');
    // An inline element runs on with the text around it, as it reads (fails before: "opensource .").
    expect(answerText('<p>See <a href="http://example.com/os">http://example.com/os</a>. Or <code>-c</code>: resume.</p>')).toBe('See http://example.com/os. Or -c: resume.');
    expect(holdsAny('Use the “‑c” option', ['"-c"'])).toBe(true);
    expect(holdsAny('DIS-\nCLAIMED', ['disclaimed'])).toBe(true);
    expect(holdsAny('nothing here', ['-c', '--continue'])).toBe(false);
    expect(normaliseForMatch('  A\n\tB  ')).toBe('a b');
  });

  it('reports the answer rule with one manual per store as shares and counts', () => {
    expect(oneManualLine({ answerable: 78, wronglyDeclined: 6, outOfScope: 88, outOfScopeDeclined: 60 })).toBe(
      'One manual per store (each document alone, uploaded, asked and deleted in turn): answerable questions wrongly declined 7.7 % (6 of 78); ' +
        'out-of-scope questions declined 68.2 % (60 of 88 asks).',
    );
  });
});
