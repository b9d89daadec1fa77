import { sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@steward/contract/paging';
import type { InformTheBotType } from '@steward/contract/inform-the-bot';
import type { Db } from '../../db/client.ts';
import type { informTheBot } from '../../db/schema.ts';
import { type SqlRow, sqlRows } from '../../db/sql-rows.ts';
import { bumpCounters, readCounter } from '../../lib/list-counters.ts';
import { INFORM_THE_BOT_COUNTER } from './inform-the-bot.counters.ts';

export interface InformTheBotRecord {
  id: number;
  userId: number | null;
  lastAuthorId: number | null;
  time: Date;
  content: string;
  authorName: string;
  status: 'pending' | 'approved';
  type: InformTheBotType;
  question: string | null;
  /** The feedback a correction answers. */
  feedbackId: number | null;
}

type ItemRow = Pick<SqlRow<typeof informTheBot>, 'id' | 'user_id' | 'time' | 'content' | 'author_name' | 'status' | 'type' | 'question' | 'feedback_id'> & {
  last_author_id: number | null;
};

const toRecord = (row: ItemRow): InformTheBotRecord => ({
  id: row.id,
  userId: row.user_id,
  lastAuthorId: row.last_author_id,
  time: new Date(row.time),
  content: row.content,
  authorName: row.author_name,
  status: row.status,
  type: row.type,
  question: row.question,
  feedbackId: row.feedback_id,
});

const ITEM_COLUMNS = sql`id, user_id, coalesce(last_edited_by, user_id) AS last_author_id, time, content, author_name, status, type, question, feedback_id`;

/**
 * One page, newest first; only the pending items when asked (the "Pending" tab, counted here: few items wait
 * at once). Items are written by people, so OFFSET stays cheap here.
 */
export async function listInformTheBotPage(
  db: Db,
  pageIndex: number,
  options: { pendingOnly?: boolean } = {},
): Promise<{ items: InformTheBotRecord[]; totalCount: number }> {
  const filter = options.pendingOnly ? sql`WHERE status = 'pending'` : sql``;
  const rows = await sqlRows<ItemRow>(db, sql`
    SELECT ${ITEM_COLUMNS} FROM inform_the_bot ${filter}
    ORDER BY time DESC, id DESC
    LIMIT ${PAGE_SIZE.informTheBot} OFFSET ${pageIndex * PAGE_SIZE.informTheBot}`);
  const totalCount = options.pendingOnly ? await countPending(db) : await readCounter(db, INFORM_THE_BOT_COUNTER);
  return { items: rows.map(toRecord), totalCount };
}

/** Pending items, or only those a given person may approve (someone else wrote their text). */
export async function countPending(db: Db, approverId?: number): Promise<number> {
  const [row] = await sqlRows<{ total: number | string }>(db, sql`
    SELECT count(*) AS total FROM inform_the_bot WHERE status = 'pending'
    ${approverId === undefined ? sql`` : sql`AND coalesce(last_edited_by, user_id) IS DISTINCT FROM ${approverId}`}`);
  return Number(row?.total ?? 0);
}

export async function findInformTheBotItem(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<InformTheBotRecord | undefined> {
  const rows = await sqlRows<ItemRow>(db, sql`
    SELECT ${ITEM_COLUMNS} FROM inform_the_bot WHERE id = ${id} ${options.forUpdate ? sql`FOR UPDATE` : sql``}`);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export interface NewInformTheBotItem {
  author: { id: number; name: string };
  content: string;
  type: InformTheBotType;
  question?: string | null;
  feedbackId?: number | null;
}

/**
 * The one writer of Inform-the-Bot items, corrections from the feedback form included: adds
 * pending items; several at once get the same time, in the order given (last one on top).
 */
export async function createInformTheBotItems(db: Db, items: readonly NewInformTheBotItem[]): Promise<InformTheBotRecord[]> {
  if (items.length === 0) return [];
  const values = items.map(
    (item) =>
      sql`(${item.author.id}, ${item.author.name}, ${item.content}, ${item.type}, ${item.question ?? null}, ${item.feedbackId ?? null})`,
  );
  const rows = await sqlRows<ItemRow>(db, sql`
    INSERT INTO inform_the_bot (user_id, author_name, content, type, question, feedback_id)
    VALUES ${sql.join(values, sql`, `)}
    RETURNING ${ITEM_COLUMNS}`);
  await bumpCounters(db, [INFORM_THE_BOT_COUNTER], rows.length);
  return rows.map(toRecord).sort((a, b) => b.id - a.id);
}

/** New content by `editorId`: the item goes back to pending and the editor becomes its last author. */
export async function saveEditedContent(db: Db, id: number, content: string, editorId: number): Promise<InformTheBotRecord | undefined> {
  const rows = await sqlRows<ItemRow>(db, sql`
    UPDATE inform_the_bot
    SET content = ${content}, last_edited_by = ${editorId}, updated_at = now(),
        status = 'pending', approved_by = NULL, approved_at = NULL
    WHERE id = ${id}
    RETURNING ${ITEM_COLUMNS}`);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/**
 * Approves a pending item unless the approver is its last author. The condition sits in the
 * UPDATE itself, so an edit landing between the check and the write cannot slip through.
 */
export async function approveInformTheBotItem(
  db: Db,
  id: number,
  approverId: number,
  seenContent: string | undefined,
): Promise<InformTheBotRecord | undefined> {
  const rows = await sqlRows<ItemRow>(db, sql`
    UPDATE inform_the_bot SET status = 'approved', approved_by = ${approverId}, approved_at = now()
    WHERE id = ${id} AND status = 'pending'
      AND coalesce(last_edited_by, user_id) IS DISTINCT FROM ${approverId}
      ${seenContent === undefined ? sql`` : sql`AND content = ${seenContent}`}
    RETURNING ${ITEM_COLUMNS}`);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export async function deleteInformTheBotItem(db: Db, id: number): Promise<boolean> {
  const rows = await sqlRows<{ id: number }>(db, sql`DELETE FROM inform_the_bot WHERE id = ${id} RETURNING id`);
  await bumpCounters(db, [INFORM_THE_BOT_COUNTER], -rows.length);
  return rows.length > 0;
}
