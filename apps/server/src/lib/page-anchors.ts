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
    const set = this.sets.get(list.name);
    const shift = set ? await this.shiftSince(db, list, set) : undefined;
    const deepEnough = set && (set.anchors.at(-1)?.rank ?? 0) + (shift ?? 0) + this.stride > offset;
    const current = set && shift !== undefined && deepEnough ? { set, shift } : await this.rebuild(db, list, offset);
    const usable = current.set.anchors.filter((anchor) => anchor.rank + current.shift <= offset);
    const anchor = usable.at(-1);
    return anchor ? { anchor, rank: anchor.rank + current.shift } : undefined;
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

  private async rebuild(db: Db, list: AnchoredList, offset: number): Promise<{ set: AnchorSet; shift: number }> {
    const depth = (Math.floor(offset / this.stride) + 1) * this.stride;
    const rows = await sqlRows<{ total: string | number | null; rank: string | number; time: string; id: string | number }>(db, sql`
      SELECT (SELECT count FROM list_counters WHERE name = ${list.counter}) AS total, walk.rank, walk.time, walk.id
      FROM (
        SELECT row_number() OVER (ORDER BY time DESC, id DESC) - 1 AS rank, time::text AS time, id
        FROM (SELECT time, id FROM ${list.table} ${list.filter ? sql`WHERE ${list.filter}` : sql``}
              ORDER BY time DESC, id DESC LIMIT ${depth}) top_rows
      ) walk
      WHERE walk.rank % ${this.stride} = 0
      ORDER BY walk.rank`);
    const set: AnchorSet = {
      total: Number(rows[0]?.total ?? 0),
      anchors: rows.map((row) => ({ rank: Number(row.rank), time: row.time, id: Number(row.id) })),
    };
    this.sets.set(list.name, set);
    return { set, shift: 0 };
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
