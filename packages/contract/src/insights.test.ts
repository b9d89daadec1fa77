import { describe, expect, it } from 'vitest';
import { INSIGHTS_TEXTS } from './insights.ts';

describe('the coverage gaps summary', () => {
  it('counts one question in the singular, and says when only the latest are grouped', () => {
    expect(INSIGHTS_TEXTS.coverageGapsBounded(1, 1)).toBe('1 unanswered question.');
    expect(INSIGHTS_TEXTS.coverageGapsBounded(2, 2)).toBe('2 unanswered questions.');
    expect(INSIGHTS_TEXTS.coverageGapsBounded(500, 800)).toBe('The latest 500 of 800 unanswered questions are grouped.');
  });
});
