import type { BotMessageRow } from '@steward/contract/bot';
import type { HistoryRow } from '@steward/contract/history';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { counted, type SqlBigint, sqlRows } from '../../db/sql-rows.ts';
import { bumpCounters, readCounter } from '../../lib/list-counters.ts';
import { maskCardNumbers, maskIf } from '../../lib/personal-data.ts';
import { readPersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { bumpStatisticsRollup, utcQuarterOf } from '../statistics/statistics-rollup.repository.ts';
import { CHAT_SESSIONS_COUNTER, countSessionMessage } from './chat-sessions.repository.ts';
import { COVERAGE_GAP_COUNTER, HISTORY_COUNTER } from './history.counters.ts';
import { type AnswerSource, insertAnswerSources } from './answer-sources.repository.ts';
import { maskHistoryRow, presentHistoryRow } from './history.presenter.ts';
import { findSessionHistory, insertHistoryRow, type NewChatMessage } from './history.repository.ts';

/**
 * Records one exchange (the bot API's /api/bot/messages, the public chat's answers) with its session, counters
 * and statistics, and what the answer was built from (the built-in chat's), in the caller's transaction. Locks are taken in one order (session row, counters, then the
 * statistics' turn) so concurrent calls on PostgreSQL wait for each other instead of deadlocking. A card number in
 * the visitor's message is masked before it is stored, for everyone (docs/privacy.md); the answer was made already.
 */
export async function recordExchange(tx: Db, message: NewChatMessage, builtFrom: readonly AnswerSource[] = []): Promise<BotMessageRow> {
  const row = await insertHistoryRow(tx, { ...message, user_message: maskCardNumbers(message.user_message) });
  await insertAnswerSources(tx, row.id, builtFrom);
  const session = await countSessionMessage(tx, message.session_id, message.time);
  const listCounters = session.kind === 'started' ? [CHAT_SESSIONS_COUNTER, HISTORY_COUNTER] : [HISTORY_COUNTER];
  await bumpCounters(tx, message.coverage_gap ? [...listCounters, COVERAGE_GAP_COUNTER] : listCounters, 1);
  const movesQuarter =
    session.kind === 'moved-back' && utcQuarterOf(session.previousStart).getTime() !== utcQuarterOf(message.time).getTime();
  const sessionStartsHere = session.kind === 'started' || movesQuarter;
  await bumpStatisticsRollup(tx, message.time, { questions: 1, sessions: sessionStartsHere ? 1 : 0 });
  if (movesQuarter) await bumpStatisticsRollup(tx, session.previousStart, { sessions: -1 });
  return { id: row.id, session_id: row.sessionId, time: row.time.toISOString() };
}

/**
 * A chat session's exchanges, oldest first, as History shows them: masked when the masking setting is on
 * (docs/privacy.md) and with their badges; none for a session without any. History's conversation and a help
 * request's thread show it.
 */
export async function sessionTranscript(db: Db, sessionId: string): Promise<HistoryRow[]> {
  const records = await findSessionHistory(db, sessionId);
  const shown = maskIf(await readPersonalDataMasking(db), maskHistoryRow);
  return records.map((record) => shown(presentHistoryRow(record, records.length)));
}

/** A chat session's exchanges whole (unmasked), oldest first: for Reveal, which audits it (personal-data.actions.ts). */
export async function wholeSessionRows(db: Db, sessionId: string): Promise<HistoryRow[]> {
  return (await findSessionHistory(db, sessionId)).map((record) => presentHistoryRow(record, 0));
}

/**
 * Deletes the exchanges under `condition` (their answer sources by cascade) and takes them off History's counters
 * in the caller's transaction, so `total_count` equals the rows: the retention's batches and an erasure
 * (privacy/) ask for it. The statistics' rollups are not touched (they count what happened, not who). Answers how many went.
 */
export async function deleteHistoryRows(tx: Db, condition: SQL): Promise<number> {
  const [gone] = await sqlRows<{ rows: SqlBigint; gaps: SqlBigint }>(
    tx,
    sql`WITH gone AS (DELETE FROM history WHERE ${condition} RETURNING coverage_gap)
      SELECT count(*) AS rows, count(*) FILTER (WHERE coverage_gap) AS gaps FROM gone`,
  );
  const rows = counted(gone?.rows);
  await bumpCounters(tx, [HISTORY_COUNTER], -rows);
  await bumpCounters(tx, [COVERAGE_GAP_COUNTER], -counted(gone?.gaps));
  return rows;
}

/** Deletes the chat sessions under `condition` (the retention's and an erasure's; their exchanges go by their own delete); answers how many went. */
export async function deleteChatSessions(tx: Db, condition: SQL): Promise<number> {
  const [gone] = await sqlRows<{ rows: SqlBigint }>(
    tx,
    sql`WITH gone AS (DELETE FROM chat_sessions WHERE ${condition} RETURNING 1) SELECT count(*) AS rows FROM gone`,
  );
  return counted(gone?.rows);
}

/** How many rows the list holds, from its counter (the retention's preview). */
export const countHistoryRows = (db: Db): Promise<number> => readCounter(db, HISTORY_COUNTER);
