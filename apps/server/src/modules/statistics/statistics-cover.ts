import { ceilToUnit, QUARTER, ROLLUP_UNITS, type RollupUnit, unitsBetween } from './statistics-rollup-units.ts';

/**
 * A part of a time range read from one rollup (or, with no unit, from the raw rows), added to the
 * range's counts (sign 1) or taken away from them (sign -1).
 */
export interface CoverPiece {
  unit: RollupUnit | undefined;
  from: number;
  to: number;
  sign: 1 | -1;
}

interface Cover {
  pieces: CoverPiece[];
  /** Rollup rows read; a raw piece counts RAW_COST. */
  cost: number;
}

/** Counting a few minutes of raw rows (four index range counts) costs about as much as this many rollup rows. */
const RAW_COST = 4;
const EMPTY: Cover = { pieces: [], cost: 0 };
const IMPOSSIBLE: Cover = { pieces: [], cost: Number.POSITIVE_INFINITY };
const QUARTER_LENGTH = QUARTER.next(0);

/**
 * The cheapest signed cover of [from, to) by rollup units: the pieces whose signed counts add up to the
 * counts of exactly that range, reading the fewest rollup rows. A local month at UTC+5:30 is one month row
 * plus 5 hours and 2 quarters taken away at each end (its midnights are 18:30 UTC), where summing it from
 * days and hours read 29 days, 23 hours and 4 quarters. Each unit's ends are tried at its start before
 * and after them, and no unit at all; finer units make up the difference at each end.
 */
export function coverRange(from: number, to: number): readonly CoverPiece[] {
  const key = `${from}:${to}`;
  const cached = coveredRanges.get(key);
  if (cached) return cached;
  if (coveredRanges.size >= COVERED_RANGES_KEPT) coveredRanges.clear();
  const pieces = cheapestCoverOf(from, to);
  coveredRanges.set(key, pieces);
  return pieces;
}

/**
 * Every viewer in a time zone asks for the same ranges all day, and finding a year's covers costs ~0.3 ms:
 * the last ones found are kept (pieces are never changed by their readers).
 */
const coveredRanges = new Map<string, readonly CoverPiece[]>();
const COVERED_RANGES_KEPT = 2000;

function cheapestCoverOf(from: number, to: number): CoverPiece[] {
  const known = new Map<string, Cover>();
  const cover = (start: number, end: number, level: number): Cover => {
    if (start >= end) return EMPTY;
    const key = `${start}:${end}:${level}`;
    const remembered = known.get(key);
    if (remembered) return remembered;
    const best = cheapestCover(start, end, level);
    known.set(key, best);
    return best;
  };
  // [a, b) added when a <= b; [b, a) taken away when b < a.
  const signed = (a: number, b: number, level: number): Cover => {
    if (a <= b) return cover(a, b, level);
    const inner = cover(b, a, level);
    return { pieces: inner.pieces.map((piece) => ({ ...piece, sign: piece.sign === 1 ? -1 : 1 })), cost: inner.cost };
  };
  const cheapestCover = (start: number, end: number, level: number): Cover => {
    const unit = ROLLUP_UNITS[level];
    if (!unit) {
      // Raw rows only for what no quarter hour covers: a longer span would count rows without bound.
      return end - start < QUARTER_LENGTH ? { pieces: [{ unit: undefined, from: start, to: end, sign: 1 }], cost: RAW_COST } : IMPOSSIBLE;
    }
    let best = cover(start, end, level + 1);
    for (const unitsFrom of new Set([unit.floor(start), ceilToUnit(unit, start)])) {
      for (const unitsTo of new Set([unit.floor(end), ceilToUnit(unit, end)])) {
        if (unitsFrom >= unitsTo) continue;
        const whole = unitsBetween(unit, unitsFrom, unitsTo);
        if (whole >= best.cost) continue;
        const head = signed(start, unitsFrom, level + 1);
        const tail = signed(unitsTo, end, level + 1);
        const cost = whole + head.cost + tail.cost;
        if (cost < best.cost) best = { pieces: [{ unit, from: unitsFrom, to: unitsTo, sign: 1 }, ...head.pieces, ...tail.pieces], cost };
      }
    }
    return best;
  };
  return cover(from, to, 0).pieces;
}
