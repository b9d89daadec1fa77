import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { parseJsonRows } from '../db/json-rows.ts';
import { type SqlBigint, sqlRows } from '../db/sql-rows.ts';

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
  /**
   * The page function reading it (migration 1300) and that function's filter argument for this list. One that
   * answers its page as the route sends it, with whether it could (`ready`: the `steward_*_shown_page`
   * functions, migrations 3720 and 3740), is `answersText`: its page is left as text (ListPage's `text`), not
   * read into rows (readWrittenPage).
   */
  pageFunction: {
    name: `steward_${'history' | 'feedback' | 'help_requests'}_${'page' | 'shown_page'}`;
    filter: boolean | string;
    answersText?: boolean;
  };
}

/** A page as its answer's rows in JSON text, written by the database (readWrittenPage), and its counter. */
export interface WrittenPage {
  rowsJson: string;
  totalCount: number;
  /** As ListPage's. */
  alongside: unknown;
}

/** One page of a list and its counter. */
export interface ListPage<Row> {
  /** Empty for a function that `answersText`. */
  rows: Row[];
  /** The page's JSON text, from a function that `answersText`, with whether it could write every row so (`ready`). */
  text?: { page: string; ready: boolean };
  totalCount: number;
  /** The value of the `alongside` expression readPage was given, read in the page's statement (null without one). */
  alongside: unknown;
}

/**
 * A value read in the same statement as a page (`SELECT … , <expression> AS alongside`), such as a setting the
 * route needs for every page: a statement fewer per request. Without a page statement (the triage filters'
 * pages), readAlongside reads it alone.
 */
export async function readAlongside(db: Db, alongside: SQL | undefined): Promise<unknown> {
  if (!alongside) return null;
  const [row] = await sqlRows<{ alongside: unknown }>(db, sql`SELECT ${alongside} AS alongside`);
  return row?.alongside ?? null;
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
  /** How far rows arriving above the anchors had moved them down when last checked. */
  shift: number;
}

/** Where a page function starts: from an anchor, checking the set it comes from, or from the top unchecked. */
interface PageSeek {
  check: { top: Anchor; knownTotal: number } | undefined;
  anchor: { time: string; id: number | string };
  skip: number;
}

/** Above every row: the seek of a page read from the top, by OFFSET. */
const ABOVE_EVERY_ROW = { time: 'infinity', id: '9223372036854775807' };
/** The most rows that may arrive above the anchors before they are walked again (counted on each deep page). */
const MOST_NEWER = 3000;

/** The deepest anchor whose rank is at most `rank` (anchors come in rank order): a binary search, as a deep list holds thousands. */
function lastAnchorAtOrAbove(anchors: readonly Anchor[], rank: number): Anchor | undefined {
  let low = 0;
  let high = anchors.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((anchors[middle]?.rank ?? Infinity) <= rank) low = middle + 1;
    else high = middle;
  }
  return anchors[low - 1];
}

/**
 * Pages of a list. A plain OFFSET walks the index from the top, so page 3000 costs 90,000 index
 * entries. Instead we remember the key of every `stride`-th row ("anchors") and seek from the
 * nearest one, walking fewer than `stride` entries.
 *
 * Anchors stay right while rows are only added above them (new messages are newest): if the counter
 * grew by exactly the number of rows newer than the top anchor, every anchor's rank moved down by
 * that number. The list's page function checks that in the statement that reads the page, so a deep
 * page is one statement. Anything else (an older row arriving, a deletion, a counter repair) makes it
 * answer no page, and the anchors are checked here, rebuilt if need be, and walked down.
 */
export class PageAnchors {
  private readonly sets = new Map<string, AnchorSet>();
  /** The last walk asked for on each list (see walk). */
  private readonly walks = new Map<string, Promise<AnchorSet | undefined>>();

  constructor(private readonly stride = 100) {}

  async readPage<Row>(db: Db, list: AnchoredList, offset: number, limit: number, alongside?: SQL): Promise<ListPage<Row>> {
    if (offset >= this.stride) {
      // The usual case, anchors deep enough and still right, is the page function's one statement.
      const known = this.sets.get(list.name);
      const page = known && this.reaches(known, offset - known.shift) ? await this.readFrom<Row>(db, list, known, offset, limit, alongside) : undefined;
      if (page) return page;
      const walked = await this.walk(db, list, offset);
      const afterWalk = walked ? await this.readFrom<Row>(db, list, walked, offset, limit, alongside) : undefined;
      if (afterWalk) return afterWalk;
      // Rows arrived between the walk and the read: this page is read by OFFSET, the next one seeks again.
    }
    const fromTop = await this.callPageFunction<Row>(db, list, { check: undefined, anchor: ABOVE_EVERY_ROW, skip: offset }, limit, alongside);
    if (!fromTop) throw new Error(`${list.pageFunction.name} answered no page without a check.`);
    return fromTop;
  }

  /**
   * A page of a list whose function `answersText`, as that function wrote it; undefined when a row of it could
   * not be written so (not `ready`): the caller then reads it through the list's migration 1300 function.
   */
  async readWrittenPage(db: Db, list: AnchoredList, offset: number, limit: number, alongside?: SQL): Promise<WrittenPage | undefined> {
    if (list.pageFunction.answersText !== true) throw new Error(`${list.pageFunction.name} does not write its page as its answer.`);
    const { text, totalCount, alongside: readAlong } = await this.readPage<never>(db, list, offset, limit, alongside);
    return text?.ready ? { rowsJson: text.page, totalCount, alongside: readAlong } : undefined;
  }

  /** The page sought from the set's nearest anchor, or undefined when the function finds the set wrong. */
  private async readFrom<Row>(db: Db, list: AnchoredList, set: AnchorSet, offset: number, limit: number, alongside: SQL | undefined): Promise<ListPage<Row> | undefined> {
    const top = set.anchors[0];
    const anchor = lastAnchorAtOrAbove(set.anchors, offset - set.shift);
    if (!top || !anchor) return undefined;
    const seek: PageSeek = { check: { top, knownTotal: set.total }, anchor, skip: offset - anchor.rank };
    const answer = await this.callPageFunction<Row>(db, list, seek, limit, alongside);
    if (answer) set.shift = answer.newer;
    return answer;
  }

  private async callPageFunction<Row>(
    db: Db,
    list: AnchoredList,
    seek: PageSeek,
    limit: number,
    alongside: SQL | undefined,
  ): Promise<(ListPage<Row> & { newer: number }) | undefined> {
    const { check, anchor } = seek;
    const answersText = list.pageFunction.answersText === true;
    const [answer] = await sqlRows<{ total_count: SqlBigint; newer: number | null; page: string | null; ready?: boolean | null; alongside: unknown }>(db, sql`
      SELECT total_count, newer, page, ${answersText ? sql`ready, ` : sql``}${alongside ?? sql`NULL`} AS alongside FROM ${sql.identifier(list.pageFunction.name)}(
        ${list.pageFunction.filter}, ${check?.top.time ?? null}, ${check?.top.id ?? null}, ${check?.knownTotal ?? null}, ${MOST_NEWER},
        ${anchor.time}, ${anchor.id}, ${seek.skip}, ${limit})`);
    if (answer?.page === null || answer?.page === undefined) return undefined;
    const read = answersText ? { rows: [], text: { page: answer.page, ready: answer.ready === true } } : { rows: parseJsonRows<Row>(answer.page) };
    return { ...read, totalCount: Number(answer.total_count), newer: answer.newer ?? 0, alongside: answer.alongside ?? null };
  }

  /** The list's anchors, checked (rebuilt if wrong) and walked down to `offset`. One walk per list at a time. */
  private walk(db: Db, list: AnchoredList, offset: number): Promise<AnchorSet | undefined> {
    // Two deep pages asked for at once would otherwise both extend the same set.
    const walked = (this.walks.get(list.name) ?? Promise.resolve(undefined)).then(() => this.walkTo(db, list, offset));
    const ignore = () => undefined;
    this.walks.set(list.name, walked.then(ignore, ignore));
    return walked;
  }

  private async walkTo(db: Db, list: AnchoredList, offset: number): Promise<AnchorSet | undefined> {
    const known = this.sets.get(list.name);
    const shift = known ? await this.shiftSince(db, list, known) : undefined;
    const set = known && shift !== undefined ? known : await this.rebuild(db, list);
    set.shift = shift ?? 0;
    await this.extend(db, list, set, offset - set.shift);
    return set;
  }

  /** Whether the set holds an anchor within `stride` rows above `rank` (ranks as the set counts them). */
  private reaches(set: AnchorSet, rank: number): boolean {
    const last = set.anchors.at(-1);
    return set.complete || (last !== undefined && last.rank + this.stride > rank);
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
                LIMIT ${MOST_NEWER + 1}) newer_rows) AS newer`);
    const total = Number(rows[0]?.total ?? 0);
    const newer = Number(rows[0]?.newer ?? -1);
    return total - set.total === newer && newer <= MOST_NEWER ? newer : undefined;
  }

  /** A new set: the counter and the top row (rank 0), read together. */
  private async rebuild(db: Db, list: AnchoredList): Promise<AnchorSet> {
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
      shift: 0,
    };
    this.sets.set(list.name, set);
    return set;
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

  private where(list: AnchoredList, condition: SQL): SQL {
    return list.filter ? sql`${list.filter} AND ${condition}` : condition;
  }

  private whereOrNothing(list: AnchoredList, condition: SQL | undefined): SQL {
    if (!condition) return list.filter ? sql`WHERE ${list.filter}` : sql``;
    return sql`WHERE ${this.where(list, condition)}`;
  }
}
