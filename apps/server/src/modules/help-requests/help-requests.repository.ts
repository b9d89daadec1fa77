import { type SQL, sql } from 'drizzle-orm';
import type { BotHelpRequestRequest } from '@steward/contract/bot';
import type { HelpRequest, HelpRequestStatus, HelpRequestStatusFilter } from '@steward/contract/help-requests';
import type { HelpRequestFilters } from '@steward/contract/list-filters';
import { PAGE_SIZE } from '@steward/contract/paging';
import type { Db } from '../../db/client.ts';
import { helpRequests } from '../../db/schema.ts';
import { type SqlRow, sqlRows } from '../../db/sql-rows.ts';
import { bumpCounters, readCounter } from '../../lib/list-counters.ts';
import { mapBatches } from '../../lib/export-stream.ts';
import { boundedCount, commonConditions, filteredPage, keysetBatches, siteCondition, whereOf } from '../../lib/list-filter-sql.ts';
import { type AnchoredList, type PageAnchors, readAlongside, type WrittenPage } from '../../lib/page-anchors.ts';
import { HELP_REQUEST_COUNTERS } from './help-requests.counters.ts';

export interface NewHelpRequest extends Omit<BotHelpRequestRequest, 'time' | 'country'> {
  time: Date;
  country: string;
}

/** The columns shown, as steward_help_requests_page (migration 1300) answers them too (migration-pins.test.ts). */
export const SHOWN_COLUMNS = ['id', 'user_ip', 'country', 'time', 'name', 'email', 'message', 'origin_url', 'status'] as const;

type HelpRequestRecord = Pick<SqlRow<typeof helpRequests>, (typeof SHOWN_COLUMNS)[number]>;

const COLUMNS = sql.raw(SHOWN_COLUMNS.map((column) => `h.${column}`).join(', '));

/** Copies the fields the dashboard shows, nothing else (no search vector, no staff ids). */
export const presentHelpRequest = (record: HelpRequestRecord): HelpRequest => ({
  id: Number(record.id),
  user_ip: record.user_ip,
  country: record.country,
  time: new Date(record.time).toISOString(),
  name: record.name,
  email: record.email,
  message: record.message,
  origin_url: record.origin_url,
  status: record.status,
});

export const helpRequestList = (filter: HelpRequestStatusFilter): AnchoredList => ({
  name: `help_requests:${filter}`,
  table: sql`help_requests`,
  filter: filter === '' ? undefined : sql`status = ${filter}`,
  counter: filter === '' ? HELP_REQUEST_COUNTERS.all : HELP_REQUEST_COUNTERS[filter],
  pageFunction: { name: 'steward_help_requests_page', filter },
});

/** The same lists, their pages written as the route answers them (migration 3740), from the same anchors. */
const writtenHelpRequestList = (filter: HelpRequestStatusFilter): AnchoredList => ({
  ...helpRequestList(filter),
  pageFunction: { name: 'steward_help_requests_shown_page', filter, answersText: true },
});

/**
 * One page as the contract's rows (helpRequestListRow, `total_count` in each) in JSON text, written by the
 * database (steward_help_requests_shown_page, migration 3740); the route sends it as it is. Undefined when
 * the page cannot be answered so: under the triage filters, or when a row's time is not one toISOString
 * writes with four digits of year: findHelpRequestPage then reads it.
 */
export async function findWrittenHelpRequestPage(
  db: Db,
  anchors: PageAnchors,
  page: { status: HelpRequestStatusFilter; filters: HelpRequestFilters; pageIndex: number; alongside?: SQL },
): Promise<WrittenPage | undefined> {
  if (helpRequestConditions('', page.filters).length > 0) return undefined;
  const pageSize = PAGE_SIZE.helpRequests;
  return anchors.readWrittenPage(db, writtenHelpRequestList(page.status), page.pageIndex * pageSize, pageSize, page.alongside);
}

/**
 * One page, newest first, and its list's counter, in one statement (steward_help_requests_page): the page's
 * ids come from the (status, time, id) or (time, id) index alone, sought from the nearest page anchor, so a
 * deep page skips few index entries and no rows. A status change moves a row between lists, which the
 * anchors' check sees (the counters change by other than the rows above the anchors): they are walked again.
 */
export async function findHelpRequestPage(
  db: Db,
  anchors: PageAnchors,
  page: { status: HelpRequestStatusFilter; filters: HelpRequestFilters; pageIndex: number; alongside?: SQL },
): Promise<{ rows: HelpRequest[]; totalCount: number; capped: boolean; alongside: unknown }> {
  const pageSize = PAGE_SIZE.helpRequests;
  const skip = page.pageIndex * pageSize;
  if (helpRequestConditions('', page.filters).length === 0) {
    const { rows, totalCount, alongside } = await anchors.readPage<HelpRequestRecord>(db, helpRequestList(page.status), skip, pageSize, page.alongside);
    return { rows: rows.map(presentHelpRequest), totalCount, capped: false, alongside };
  }
  // Under the triage filters (issue 40): the ids from the country or site index of migration 2610, a bounded count.
  const where = whereOf(helpRequestConditions(page.status, page.filters));
  const [rows, count, alongside] = await Promise.all([
    filteredPage<HelpRequestRecord>(db, sql`help_requests`, SHOWN_AS_JSON, where, skip, pageSize),
    boundedCount(db, sql`help_requests`, where),
    readAlongside(db, page.alongside),
  ]);
  return { rows: rows.map(presentHelpRequest), totalCount: count.totalCount, capped: count.capped, alongside };
}

/** The tab and the triage filters (issue 40): days, country, site. */
const helpRequestConditions = (status: HelpRequestStatusFilter, filters: HelpRequestFilters): SQL[] => [
  ...(status === '' ? [] : [sql`status = ${status}`]),
  ...commonConditions(filters),
  ...(filters.origin === undefined ? [] : [siteCondition('origin_url', filters.origin)]),
];

/** A row's large columns, as an export's batch weighs them (lib/list-filter-sql.ts). */
const HELP_REQUEST_ROW_BYTES = sql`octet_length(message) + octet_length(name) + octet_length(email) + coalesce(octet_length(origin_url), 0)`;

/** The export's rows under the tab and the triage filters, newest first, a batch at a time. */
export const helpRequestExportBatches = (db: Db, status: HelpRequestStatusFilter, filters: HelpRequestFilters): AsyncGenerator<HelpRequest[]> =>
  mapBatches(keysetBatches<HelpRequestRecord & { id: number; time: string }>(db, sql`help_requests`, SHOWN_AS_JSON, helpRequestConditions(status, filters), HELP_REQUEST_ROW_BYTES), (batch) =>
    batch.map(presentHelpRequest),
  );

/** The shown columns for a JSON row, the time as UTC text (as steward_help_requests_page answers it). */
const SHOWN_AS_JSON = sql.raw(
  SHOWN_COLUMNS.map((column) => (column === 'time' ? `to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS time` : column)).join(', '),
);

export async function findHelpRequest(db: Db, id: number): Promise<HelpRequest | undefined> {
  const [record] = await sqlRows<HelpRequestRecord>(db, sql`SELECT ${COLUMNS} FROM help_requests h WHERE h.id = ${id}`);
  return record ? presentHelpRequest(record) : undefined;
}

/** The chat session a help request was sent from: null when it came without one, undefined when there is no such request. */
export async function findHelpRequestSessionId(db: Db, id: number): Promise<string | null | undefined> {
  const [record] = await sqlRows<Pick<SqlRow<typeof helpRequests>, 'session_id'>>(db, sql`SELECT h.session_id FROM help_requests h WHERE h.id = ${id}`);
  return record ? record.session_id : undefined;
}

/** The help requests sent from one chat session, oldest first (help_requests_session_idx, migration 2640). */
export async function helpRequestsOfSession(db: Db, sessionId: string): Promise<Pick<HelpRequest, 'id' | 'time' | 'status'>[]> {
  const records = await sqlRows<Pick<HelpRequestRecord, 'id' | 'time' | 'status'>>(
    db,
    sql`SELECT h.id, h.time, h.status FROM help_requests h WHERE h.session_id = ${sessionId} ORDER BY h.time, h.id`,
  );
  return records.map((record) => ({ id: Number(record.id), time: new Date(record.time).toISOString(), status: record.status }));
}

/** Inserts a pending help request and counts it in its lists. */
export async function insertHelpRequest(tx: Db, request: NewHelpRequest): Promise<{ id: number }> {
  const [row] = await tx
    .insert(helpRequests)
    .values({
      sessionId: request.session_id ?? null,
      name: request.name.trim(),
      email: request.email,
      message: request.message,
      originUrl: request.origin_url ?? null,
      status: 'pending',
      userIp: request.user_ip ?? '',
      country: request.country,
      time: request.time,
    })
    .returning({ id: helpRequests.id });
  if (!row) throw new Error('The help request was not stored.');
  await bumpCounters(tx, [HELP_REQUEST_COUNTERS.all, HELP_REQUEST_COUNTERS.pending], 1);
  return { id: row.id };
}

/** The status of a help request, its row locked until the transaction ends; undefined when there is none. */
export async function lockHelpRequestStatus(tx: Db, id: number): Promise<HelpRequestStatus | undefined> {
  const [current] = await sqlRows<{ status: HelpRequestStatus }>(tx, sql`SELECT status FROM help_requests WHERE id = ${id} FOR UPDATE`);
  return current?.status;
}

/** Sets a help request's status and moves it between the pending and resolved counters. */
export async function saveHelpRequestStatus(tx: Db, id: number, target: HelpRequestStatus, staffId: number): Promise<HelpRequest> {
  const [record] = await sqlRows<HelpRequestRecord>(
    tx,
    sql`UPDATE help_requests h SET status = ${target}, status_changed_at = now(), status_changed_by = ${staffId}
        WHERE h.id = ${id} RETURNING ${COLUMNS}`,
  );
  if (!record) throw new Error(`Help request ${id} vanished while changing its status.`);
  // Counter rows are always locked in name order (pending before resolved) so concurrent changes cannot deadlock.
  await bumpCounters(tx, [HELP_REQUEST_COUNTERS.pending], target === 'pending' ? 1 : -1);
  await bumpCounters(tx, [HELP_REQUEST_COUNTERS.resolved], target === 'resolved' ? 1 : -1);
  return presentHelpRequest(record);
}

/** Help requests still pending, from their list counter (the weekly report's count). */
export const countPendingHelpRequests = (db: Db): Promise<number> => readCounter(db, HELP_REQUEST_COUNTERS.pending);
