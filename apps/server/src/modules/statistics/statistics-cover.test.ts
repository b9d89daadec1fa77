import { describe, expect, it } from 'vitest';
import { type CoverPiece, coverRange } from './statistics-cover.ts';
import { unitsBetween } from './statistics-rollup-units.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

/** Rollup rows read (raw pieces as their own kind), by unit name. */
const rowsRead = (pieces: readonly CoverPiece[]) => {
  const read: Record<string, number> = {};
  for (const piece of pieces) {
    const name = piece.unit?.name ?? 'raw';
    read[name] = (read[name] ?? 0) + (piece.unit ? unitsBetween(piece.unit, piece.from, piece.to) : 1);
  }
  return read;
};

/** How many times the signed pieces count instant `time`: 1 inside the range, 0 outside, for a right cover. */
const timesCounted = (pieces: readonly CoverPiece[], time: number) =>
  pieces.reduce((count, piece) => count + (time >= piece.from && time < piece.to ? piece.sign : 0), 0);

describe('coverRange', () => {
  it('reads one row for a UTC month or day, whole rows for whole units', () => {
    expect(rowsRead(coverRange(at('2026-03-01T00:00:00Z'), at('2026-04-01T00:00:00Z')))).toEqual({ month: 1 });
    expect(rowsRead(coverRange(at('2026-03-05T00:00:00Z'), at('2026-03-06T00:00:00Z')))).toEqual({ day: 1 });
    expect(rowsRead(coverRange(at('2025-11-01T00:00:00Z'), at('2026-11-24T00:00:00Z')))).toEqual({ month: 13, day: 7 });
  });

  it('covers a local month at UTC+5:30 with a month row, the hours before it added and those after it taken away', () => {
    // 1 March 00:00 at +5:30 is 28 February 18:30 UTC.
    const pieces = coverRange(at('2026-02-28T18:30:00Z'), at('2026-03-31T18:30:00Z'));
    expect(rowsRead(pieces)).toEqual({ month: 1, hour: 10, quarter: 4 });
    const named = (sign: 1 | -1) => pieces.filter((piece) => piece.sign === sign).map((piece) => `${piece.unit?.name} ${new Date(piece.from).toISOString()}`);
    expect(named(1)).toEqual(['month 2026-03-01T00:00:00.000Z', 'hour 2026-02-28T19:00:00.000Z', 'quarter 2026-02-28T18:30:00.000Z']);
    expect(named(-1)).toEqual(['hour 2026-03-31T19:00:00.000Z', 'quarter 2026-03-31T18:30:00.000Z']);
  });

  it('covers a local day at UTC−9:30 with its day row and 9½ hours at each end', () => {
    const pieces = coverRange(at('2026-03-05T09:30:00Z'), at('2026-03-06T09:30:00Z'));
    expect(rowsRead(pieces)).toEqual({ day: 1, hour: 18, quarter: 4 });
  });

  it('counts minutes that are not whole quarter hours from the raw rows', () => {
    const pieces = coverRange(at('2026-03-05T18:54:00Z'), at('2026-03-06T18:54:00Z'));
    expect(rowsRead(pieces).raw).toBe(2);
  });

  it('counts every instant of the range once and none outside it, for any range', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const start = at('2024-01-01T00:00:00Z');
    for (let trial = 0; trial < 300; trial += 1) {
      const minute = 60_000 * (trial % 3 === 0 ? 15 : 1);
      const from = start + Math.floor((random() * 900 * 24 * HOUR) / minute) * minute;
      const to = from + Math.floor((random() * (trial % 2 ? 400 : 40) * 24 * HOUR) / minute) * minute + minute;
      const pieces = coverRange(from, to);
      const probes = [from - 1, from, from + 1, to - 1, to, to + 1];
      for (const piece of pieces) probes.push(piece.from - 1, piece.from, piece.to - 1, piece.to);
      for (let probe = 0; probe < 40; probe += 1) probes.push(from + Math.floor(random() * (to - from)));
      for (const time of probes) expect(timesCounted(pieces, time), `${new Date(time).toISOString()} in [${new Date(from).toISOString()}, ${new Date(to).toISOString()})`).toBe(time >= from && time < to ? 1 : 0);
    }
  });
});
