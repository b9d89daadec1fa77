import type { BotMessageRow } from '@steward/contract/bot';
import type { HistoryRow } from '@steward/contract/history';
import type { Db } from '../../db/client.ts';
import { bumpCounters } from '../../lib/list-counters.ts';
import { maskCardNumbers, maskIf } from '../../lib/personal-data.ts';
import { readPersonalDataMasking } from '../bot-settings/personal-data-masking.repository.ts';
import { bumpStatisticsRollup, utcQuarterOf } from '../statistics/statistics-rollup.repository.ts';
import { CHAT_SESSIONS_COUNTER, countSessionMessage } from './chat-sessions.repository.ts';
import { COVERAGE_GAP_COUNTER, HISTORY_COUNTER } from './history.counters.ts';
import { type AnswerSource, insertAnswerSources } from './answer-sources.repository.ts';
import { maskHistoryRow, presentHistoryRow } from './history.presenter.ts';
import { findHistoryBadges, findSessionHistory, insertHistoryRow, type NewChatMessage } from './history.repository.ts';

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
  const badges = await findHistoryBadges(db, records);
  const shown = maskIf(await readPersonalDataMasking(db), maskHistoryRow);
  return records.map((record) => shown(presentHistoryRow(record, records.length, badges)));
}

const NO_BADGES = { ratings: new Map<number, 'up' | 'down'>(), sessionsWithHelpRequests: new Set<string>() };

/** A chat session's exchanges whole (unmasked, without badges), oldest first: for Reveal, which audits it (personal-data.actions.ts). */
export async function wholeSessionRows(db: Db, sessionId: string): Promise<HistoryRow[]> {
  return (await findSessionHistory(db, sessionId)).map((record) => presentHistoryRow(record, 0, NO_BADGES));
}
