import type { BotMessageRequest, BotMessageRow } from '@steward/contract/bot';
import type { Db } from '../../db/client.ts';
import { history } from '../../db/schema.ts';
import { bumpCounters } from '../../lib/list-counters.ts';
import { bumpStatisticsRollup, utcQuarterOf } from '../statistics/statistics-rollup.repository.ts';
import { COVERAGE_GAP_COUNTER, HISTORY_COUNTER } from '../history/history.counters.ts';
import { CHAT_SESSIONS_COUNTER, countSessionMessage } from './chat-sessions.repository.ts';

export interface NewChatMessage extends Omit<BotMessageRequest, 'time' | 'country'> {
  time: Date;
  country: string;
  /** The answer was "I don't know" (the public chat's own answers; the bot API never sets it). */
  coverage_gap?: boolean;
}

/**
 * Stores one exchange with its session, counters and statistics, all or nothing.
 * Locks are taken in one order (session row, counters, then the statistics' turn)
 * so concurrent calls on PostgreSQL wait for each other instead of deadlocking.
 */
export async function recordChatMessage(db: Db, message: NewChatMessage): Promise<BotMessageRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(history)
      .values({
        sessionId: message.session_id,
        userMessage: message.user_message,
        apiResponse: message.api_response,
        sourceDocs: message.source_docs ?? [],
        origin: message.origin ?? null,
        account: message.account ?? null,
        time: message.time,
        country: message.country,
        userIp: message.user_ip ?? '',
        coverageGap: message.coverage_gap ?? false,
      })
      .returning({ id: history.id, sessionId: history.sessionId, time: history.time });
    if (!row) throw new Error('The history row was not stored.');

    const session = await countSessionMessage(tx, message.session_id, message.time);
    const listCounters = session.kind === 'started' ? [CHAT_SESSIONS_COUNTER, HISTORY_COUNTER] : [HISTORY_COUNTER];
    await bumpCounters(tx, message.coverage_gap ? [...listCounters, COVERAGE_GAP_COUNTER] : listCounters, 1);
    const movesQuarter =
      session.kind === 'moved-back' && utcQuarterOf(session.previousStart).getTime() !== utcQuarterOf(message.time).getTime();
    const sessionStartsHere = session.kind === 'started' || movesQuarter;
    await bumpStatisticsRollup(tx, message.time, { questions: 1, sessions: sessionStartsHere ? 1 : 0 });
    if (movesQuarter) await bumpStatisticsRollup(tx, session.previousStart, { sessions: -1 });
    return { id: row.id, session_id: row.sessionId, time: row.time.toISOString() };
  });
}
