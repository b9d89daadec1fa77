/** How many of the newest rows every search reads first, to judge how common its words are. */
export const FIRST_WALK_ROWS = 1000;

/**
 * What counting one matching row from a GIN index costs, in newest rows read and tested instead (measured
 * at a million history rows on the embedded database, warm: 2–7 µs a bitmap entry, whose row is fetched
 * at random, against about 1.2 µs a row read in time order).
 */
export const BITMAP_ENTRY_IN_ROWS_READ = 3;

/**
 * After the first walk found `found` matches (at most the cap) in FIRST_WALK_ROWS rows, walking on should
 * reach the cap after (cap + 1) / f rows, f = found / FIRST_WALK_ROWS, where counting from the GIN index
 * visits about f × tableRows rows, each costing BITMAP_ENTRY_IN_ROWS_READ rows read. Walking on is cheaper
 * when found exceeds the answer: FIRST_WALK_ROWS × √((cap + 1) / (ratio × tableRows)). At a million rows
 * and the top bar's cap of 20, a word found 3 times walks on; in a table of a few thousand rows no word
 * does (its index is cheap). A word found nowhere is rare, and goes to its index.
 */
export function leastFoundToWalkOn(countCap: number, tableRows: number): number {
  // More than the cap: the first walk would have settled it already, so this never walks on.
  if (tableRows <= 0) return countCap + 1;
  return FIRST_WALK_ROWS * Math.sqrt((countCap + 1) / (BITMAP_ENTRY_IN_ROWS_READ * tableRows));
}

/** How far the second walk goes: three times the rows the cap should take, so a word common only lately stops. */
export const SECOND_WALK_ROWS_PER_FOUND = 3 * FIRST_WALK_ROWS;
