/**
 * The units the statistics rollups sum over, coarsest first: each rollup row holds the counts of one
 * UTC unit, keyed by its start. Months are calendar months; the others are fixed lengths.
 */
export interface RollupUnit {
  name: 'month' | 'day' | 'hour' | 'quarter';
  table: string;
  key: string;
  /** The start of the unit `time` falls in. */
  floor(time: number): number;
  /** The start of the unit after the one starting at `start`. */
  next(start: number): number;
}

const fixed = (name: RollupUnit['name'], table: string, length: number): RollupUnit => ({
  name,
  table,
  key: name,
  floor: (time) => Math.floor(time / length) * length,
  next: (start) => start + length,
});

export const MONTH: RollupUnit = {
  name: 'month',
  table: 'statistics_rollup_monthly',
  key: 'month',
  floor: (time) => {
    const date = new Date(time);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  },
  next: (start) => {
    const date = new Date(start);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  },
};
export const DAY: RollupUnit = fixed('day', 'statistics_rollup_daily', 86_400_000);
export const HOUR: RollupUnit = fixed('hour', 'statistics_rollup', 3_600_000);
export const QUARTER: RollupUnit = fixed('quarter', 'statistics_rollup_quarter', 900_000);

/** Coarsest first. */
export const ROLLUP_UNITS: readonly RollupUnit[] = [MONTH, DAY, HOUR, QUARTER];

/** The start of the first unit at or after `time`. */
export const ceilToUnit = (unit: RollupUnit, time: number): number => {
  const start = unit.floor(time);
  return start === time ? time : unit.next(start);
};

/** How many whole units lie in [from, to), both unit starts. */
export function unitsBetween(unit: RollupUnit, from: number, to: number): number {
  if (unit !== MONTH) return Math.round((to - from) / unit.next(0));
  const start = new Date(from);
  const end = new Date(to);
  return (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth();
}
