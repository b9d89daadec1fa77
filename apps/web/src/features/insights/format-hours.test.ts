import { describe, expect, it } from 'vitest';
import { formatHours } from './format-hours.ts';

describe('formatHours', () => {
  it('says minutes, hours or days', () => {
    expect(formatHours(0)).toBe('1 min');
    expect(formatHours(0.25)).toBe('15 min');
    expect(formatHours(5.25)).toBe('5.3 h');
    expect(formatHours(72)).toBe('3 days');
  });
});
