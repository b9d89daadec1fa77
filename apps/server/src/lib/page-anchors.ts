import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sqlRows } from '../db/sql-rows.ts';

/**
 * A list read newest first, `ORDER BY time DESC, id DESC`, over an index on exactly
 * those columns (after any equality filter), with a list counter kept with its rows.
 */
export interface AnchoredList {
  /** Cache key: one per table and filter. */
  name: string;
  table: SQL;
  /** An equality filter the index starts with, or undefined. */
  filter: SQL | undefined;
  /** The list_counters row counting exactly the rows under `filter`. */
  counter: string;
}

interface Anchor {
  rank: number;
  /** As text, so microseconds survive the trip through JavaScript. */
  time: string;
  id: number;
}

interface AnchorSet {
  /** The counter when the anchors were taken. */
  total: number;
  /** Rank 0, then every `stride` rows, as deep as was asked for. */
  anchors: Anchor[];
  /** Whether the last anchor is the list's last: no row lies `stride` rows below it. */
  complete: boolean;
}

/**
 * Ids of one page of a list. A plain OFFSET walks the index from the top, so page 3000
 * costs 90,000 index entries. Instead we remember the key of every `stride`-th row
 * ("anchors") and seek from the nearest one, walking fewer than `stride` entries.
 *
 * Anchors stay right while rows are only added above them (new messages are newest):
 * if the counter grew by exactly the number of rows newer than the top anchor, every
 * anchor's rank moved down by that number. Anything else (an older row arriving, a
 * deletion, a counter repair) rebuilds them. Counter and rows are read in one statement,
 * so they agree (the bot API bumps the counter in the row's transaction).
 */
export class PageAnchors {
  private readonly sets = new Map<string, AnchorSet>();
  /** The last walk asked for on each list (see anchorFor). */
  private readonly walks = new Map<string, Promise<void>>();

  constructor(private readonly stride = 3000) {}

  /**
   * The statement selecting the page's ids (column `id`), to be read inside the statement that reads the
   * rows: a page is one round trip, plus, on deep pages, the anchors' own checks.
   */
  async pageIdsQuery(db: Db, list: AnchoredList, offset: number, limit: number): Promise<SQL> {
    if (offset < this.stride) return this.idsQuery(list, undefined, offset, limit);
    const found = await this.anchorFor(db, list, offset);
    if (!found) return this.idsQuery(list, undefined, offset, limit);
    return this.idsQuery(list, found.anchor, offset - found.rank, limit);
  }

  /** The page's ids themselves. */
  async pageIds(db: Db, list: AnchoredList, offset: number, limit: number): Promise<number[]> {
    const rows = await sqlRows<{ id: string | number }>(db, await this.pageIdsQuery(db, list, offset, limit));
    return rows.map((row) => Number(row.id));
  }

  private async anchorFor(db: Db, list: AnchoredList, offset: number): Promise<{ anchor: Anchor; rank: number } | undefined> {
    // The usual case, anchors deep enough and still right, needs no walk and waits for none.
    const known = this.sets.get(list.name);
    const shift = known ? await this.shiftSince(db, list, known) : undefined;
    if (known && shift !== undefined && this.reaches(known, offset - shift)) return this.nearest(known, shift, offset);
    // One walk per list at a time: two deep pages asked for at once would otherwise both extend the same set.
    const found = (this.walks.get(list.name) ?? Promise.resolve()).then(() => this.walkTo(db, list, offset));
    const ignore = () => undefined;
    this.walks.set(list.name, found.then(ignore, ignore));
    return found;
  }

  private async walkTo(db: Db, list: AnchoredList, offset: number): Promise<{ anchor: Anchor; rank: number } | undefined> {
    const known = this.sets.get(list.name);
    const shift = known ? await this.shiftSince(db, list, known) : undefined;
    const current = known && shift !== undefined ? { set: known, shift } : await this.rebuild(db, list);
    await this.extend(db, list, current.set, offset - current.shift);
    return this.nearest(current.set, current.shift, offset);
  }

  /** Whether the set holds an anchor within `stride` rows above `rank` (ranks as the set counts them). */
  private reaches(set: AnchorSet, rank: number): boolean {
    const last = set.anchors.at(-1);
    return set.complete || (last !== undefined && last.rank + this.stride > rank);
  }

  private nearest(set: AnchorSet, shift: number, offset: number): { anchor: Anchor; rank: number } | undefined {
    const anchor = set.anchors.filter((candidate) => candidate.rank + shift <= offset).at(-1);
    return anchor ? { anchor, rank: anchor.rank + shift } : undefined;
  }

  /** How far every anchor moved down since it was taken, or undefined when they must be rebuilt. */
  private async shiftSince(db: Db, list: AnchoredList, set: AnchorSet): Promise<number | undefined> {
    const top = set.anchors[0];
    if (!top) return undefined;
    const rows = await sqlRows<{ total: string | number | null; newer: string | number }>(db, sql`
      SELECT (SELECT count FROM list_counters WHERE name = ${list.counter}) AS total,
             (SELECT count(*) FROM (
                SELECT 1 FROM ${list.table}
                WHERE ${this.where(list, sql`(time, id) > (${top.time}::timestamptz, ${top.id})`)}
                LIMIT ${this.stride + 1}) newer_rows) AS newer`);
    const total = Number(rows[0]?.total ?? 0);
    const newer = Number(rows[0]?.newer ?? -1);
    return total - set.total === newer && newer <= this.stride ? newer : undefined;
  }

  /** A new set: the counter and the top row (rank 0), read together. */
  private async rebuild(db: Db, list: AnchoredList): Promise<{ set: AnchorSet; shift: number }> {
    const rows = await sqlRows<{ total: string | number | null; time: string | null; id: string | number | null }>(db, sql`
      SELECT (SELECT count FROM list_counters WHERE name = ${list.counter}) AS total, top_row.time_text AS time, top_row.id
      FROM (SELECT 1) one
      LEFT JOIN (SELECT time::text AS time_text, id FROM ${list.table} ${this.whereOrNothing(list, undefined)}
                 ORDER BY time DESC, id DESC LIMIT 1) top_row ON true`);
    const row = rows[0];
    const set: AnchorSet = {
      total: Number(row?.total ?? 0),
      anchors: row?.time && row.id !== null ? [{ rank: 0, time: row.time, id: Number(row.id) }] : [],
      complete: !row?.time,
    };
    this.sets.set(list.name, set);
    return { set, shift: 0 };
  }

  /**
   * Adds anchors until one lies within `stride` rows above `rank` (ranks as the set counts them) or the
   * list ends. Each anchor is its own statement, `stride` index entries below the one before: on the
   * embedded database, which runs one statement at a time, a walk to page 3000 at a million rows took
   * 1.3 s in one statement, and every other request waited for it.
   */
  private async extend(db: Db, list: AnchoredList, set: AnchorSet, rank: number): Promise<void> {
    for (let last = set.anchors.at(-1); last && !this.reaches(set, rank); last = set.anchors.at(-1)) {
      // Named time_text: an output column named time would be what ORDER BY time sorts by, as text, unindexed.
      const rows = await sqlRows<{ time_text: string; id: string | number }>(db, sql`
        SELECT time::text AS time_text, id FROM ${list.table}
        ${this.whereOrNothing(list, sql`(time, id) < (${last.time}::timestamptz, ${last.id})`)}
        ORDER BY time DESC, id DESC LIMIT 1 OFFSET ${this.stride - 1}`);
      const next = rows[0];
      if (next) set.anchors.push({ rank: last.rank + this.stride, time: next.time_text, id: Number(next.id) });
      else set.complete = true;
    }
  }

  private idsQuery(list: AnchoredList, anchor: Anchor | undefined, offset: number, limit: number): SQL {
    const from = anchor ? sql`(time, id) <= (${anchor.time}::timestamptz, ${anchor.id})` : undefined;
    return sql`SELECT id FROM ${list.table} ${this.whereOrNothing(list, from)} ORDER BY time DESC, id DESC LIMIT ${limit} OFFSET ${offset}`;
  }

  private where(list: AnchoredList, condition: SQL): SQL {
    return list.filter ? sql`${list.filter} AND ${condition}` : condition;
  }

  private whereOrNothing(list: AnchoredList, condition: SQL | undefined): SQL {
    if (!condition) return list.filter ? sql`WHERE ${list.filter}` : sql``;
    return sql`WHERE ${this.where(list, condition)}`;
  }
}
