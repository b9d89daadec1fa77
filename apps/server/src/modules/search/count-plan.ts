/** How many of the newest rows are read first, to judge how common the searched words are. */
export const PROBE_ROWS = 1000;

export type CountPlan =
  /** More than the cap matched among the newest rows already. */
  | { kind: 'common' }
  /** Walk at most `rows` of the newest rows: reaching the cap there costs less than counting from the GIN index. */
  | { kind: 'walk-newest'; rows: number }
  /** Count from the GIN index: few rows match, so its bitmap is small. */
  | { kind: 'index' };

/**
 * Where to count the matches of a search up to the cap, from what the probe of the newest rows found.
 * Counting from the GIN index builds a bitmap of every matching row (its cost grows with the word's
 * frequency f times the table's rows); walking the time index reads rows until the cap is reached
 * (about (cap + 1) / f rows). A common word is cheaper to walk, a rare one to count; the probe
 * estimates f. The walk is bounded (three times the estimate) so a word common only among the newest
 * rows cannot read the whole table: when the bound is hit the GIN count decides after all.
 */
export function planCount(input: { sampled: number; probedRows: number; tableRows: number; countCap: number }): CountPlan {
  const { sampled, probedRows, tableRows, countCap } = input;
  if (sampled > countCap) return { kind: 'common' };
  if (sampled === 0 || probedRows === 0) return { kind: 'index' };
  const frequency = sampled / probedRows;
  const walkCost = (countCap + 1) / frequency;
  const indexCost = frequency * Math.max(tableRows, probedRows);
  return walkCost < indexCost ? { kind: 'walk-newest', rows: Math.ceil(3 * walkCost) } : { kind: 'index' };
}
