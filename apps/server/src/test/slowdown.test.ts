import { describe, expect, it } from 'vitest';
import {
  describeMeasurement,
  MEASURED_SLOWDOWN_RANGE,
  readTestSlowdown,
  REFERENCE,
  slowdownOf,
  TEST_SLOWDOWN_VARIABLE,
} from '../../../../scripts/test-slowdown.ts';

// The harness's choice of STEWARD_TEST_SLOWDOWN (scripts/test-slowdown.ts): its arithmetic, not a timing.
describe('STEWARD_TEST_SLOWDOWN', () => {
  it('takes a value that is set, of at least 1, and refuses any other', () => {
    expect(readTestSlowdown({})).toBeUndefined();
    expect(readTestSlowdown({ [TEST_SLOWDOWN_VARIABLE]: ' ' })).toBeUndefined();
    expect(readTestSlowdown({ [TEST_SLOWDOWN_VARIABLE]: '2.5' })).toBe(2.5);
    expect(readTestSlowdown({ [TEST_SLOWDOWN_VARIABLE]: '1' })).toBe(1);
    for (const wrong of ['0.5', 'fast', '-3', 'Infinity']) {
      expect(() => readTestSlowdown({ [TEST_SLOWDOWN_VARIABLE]: wrong })).toThrow(`${TEST_SLOWDOWN_VARIABLE} must be a number of at least 1`);
    }
  });

  it('is the larger of the two ratios to the reference machine, rounded up to a tenth', () => {
    expect(slowdownOf(REFERENCE.cpuMs * 3, REFERENCE.roundTripsMs * 2).factor).toBe(3);
    expect(slowdownOf(REFERENCE.cpuMs, REFERENCE.roundTripsMs * 2.01).factor).toBe(2.1);
  });

  it('stays between 1 and 6: a faster machine keeps the tuned timeouts, a swamped one is not waited on for ever', () => {
    expect(slowdownOf(REFERENCE.cpuMs / 2, REFERENCE.roundTripsMs / 2).factor).toBe(MEASURED_SLOWDOWN_RANGE.min);
    expect(slowdownOf(REFERENCE.cpuMs * 42, REFERENCE.roundTripsMs * 28).factor).toBe(MEASURED_SLOWDOWN_RANGE.max);
  });

  it('says what it measured, and when the machine measured past the cap', () => {
    const usual = describeMeasurement(slowdownOf(REFERENCE.cpuMs * 3, REFERENCE.roundTripsMs));
    expect(usual).toContain('Test timeouts × 3 (STEWARD_TEST_SLOWDOWN, measured)');
    expect(usual).not.toContain('past the');
    const swamped = describeMeasurement(slowdownOf(4401, 2077));
    expect(swamped).toContain('Test timeouts × 6');
    expect(swamped).toContain('This machine measured 41.9× slower than the reference, past the 6× a measurement may choose');
  });
});
