import { describe, expect, it } from 'vitest';
import { cleanLabel, findUnsafeText, UNSAFE_TEXT_MESSAGES, unsafeTextReason } from './text-safety.ts';

describe('unsafeTextReason', () => {
  it('refuses NUL and lone surrogates, and accepts every other string, pairs of surrogates (emoji) included', () => {
    expect(unsafeTextReason('a\u0000b')).toBe(UNSAFE_TEXT_MESSAGES.nul);
    expect(unsafeTextReason('a\uD800b')).toBe(UNSAFE_TEXT_MESSAGES.loneSurrogate);
    expect(unsafeTextReason('\uDC00')).toBe(UNSAFE_TEXT_MESSAGES.loneSurrogate);
    expect(unsafeTextReason('end\uD83D')).toBe(UNSAFE_TEXT_MESSAGES.loneSurrogate);
    expect(unsafeTextReason('smile 😀, تحية, \u202E, \u0007')).toBeUndefined();
  });
});

describe('findUnsafeText', () => {
  it('finds a refused string at any depth, in keys too, with its path', () => {
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({ path: ['a', 1, 'c'], reason: UNSAFE_TEXT_MESSAGES.nul });
    expect(findUnsafeText({ ['k\uDFFF']: 1 })).toEqual({ path: ['k\uDFFF'], reason: UNSAFE_TEXT_MESSAGES.loneSurrogate });
    expect(findUnsafeText({ a: ['fine', 1, null, true] })).toBeUndefined();
    expect(findUnsafeText('\u0000')).toEqual({ path: [], reason: UNSAFE_TEXT_MESSAGES.nul });
  });

  it('walks a deeply nested value without recursion', () => {
    let deep: unknown = 'bad\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(findUnsafeText(deep)?.reason).toBe(UNSAFE_TEXT_MESSAGES.nul);
  });
});

describe('cleanLabel', () => {
  it('removes control, zero-width and bidirectional-override characters, and keeps every letter', () => {
    expect(cleanLabel('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanLabel('Ad\u200Bmin\u200D\uFEFF')).toBe('Admin');
    expect(cleanLabel('line\nbreak\ttab\u0085\u009B')).toBe('linebreaktab');
    expect(cleanLabel('\u2066Zoë Ångström 山田 مرحبا 😀\u2069')).toBe('Zoë Ångström 山田 مرحبا 😀');
  });
});
