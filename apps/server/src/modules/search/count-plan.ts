/**
 * How a search finds out how common its words are as it goes: the constants of the plan that each searched
 * table's function (migration 1100, steward_newest_*) follows, passed to it as arguments.
 *
 * How many of the newest rows the first walk reads (steward_first_walk_rows), W, in a table of `tableRows`
 * rows (from its list counter): the walk tells a word found more than the cap in W rows (f > (cap + 1) / W)
 * from a rarer one, and counting the rarer from the GIN index costs at most ratio × f × tableRows rows read,
 * so W = √(ratio × (cap + 1) × tableRows) balances the two, at most FIRST_WALK_MOST_ROWS. With the top bar's
 * cap of 20, a table of about 16,000 rows or more reads 1,000 rows; a few thousand help requests about 450
 * (reading 1,000 of them was most of what searching them cost); an empty table none.
 *
 * Whether to walk on (steward_walks_on): after the first walk found `found` matches (at most the cap) in its
 * `walked` rows, walking on should reach the cap after (cap + 1) / f rows, f = found / walked, where counting
 * from the GIN index visits about f × tableRows rows, each costing BITMAP_ENTRY_IN_ROWS_READ rows read.
 * Walking on is cheaper when found exceeds walked × √((cap + 1) / (ratio × tableRows)), squared:
 * found² × ratio × tableRows > walked² × (cap + 1). At a million rows and the top bar's cap of 20, a word
 * found 3 times in 1,000 rows walks on; where the first walk was shortened none does (its index is cheap);
 * an empty table never does. A word found nowhere is rare, and goes to its index.
 */

/** The most newest rows a search reads first, to judge how common its words are. */
export const FIRST_WALK_MOST_ROWS = 1000;

/**
 * What counting one matching row from a GIN index costs, in newest rows read and tested instead (measured
 * at a million history rows on the embedded database, warm: 2–7 µs a bitmap entry, whose row is fetched
 * at random, against about 1.2 µs a row read in time order).
 */
export const BITMAP_ENTRY_IN_ROWS_READ = 3;

/** How far the second walk goes: three times the rows the cap should take, so a word common only lately stops. */
export const SECOND_WALK_SHARE = 3;
