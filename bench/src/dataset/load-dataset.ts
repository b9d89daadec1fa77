import { type SQL, sql } from 'drizzle-orm';
import { bumpCounters, createUser, type Db, findUserByEmail, hashPassword, rebuildStatisticsRollup, shownWhenStored, sqlRows } from '@steward/server/test-support';
import { DATASET_STAFF, type DatasetOptions, type GeneratedSession, generateSessions } from './generate-dataset.ts';

export interface DatasetSummary {
  sessions: number;
  history: number;
  feedbackUp: number;
  feedbackDown: number;
  helpRequestsPending: number;
  helpRequestsResolved: number;
  milliseconds: number;
}

export interface LoadOptions extends DatasetOptions {
  staffPassword: string;
  /** Exchanges per batch of INSERTs: small statements keep PGlite's main thread responsive. */
  batchSize?: number;
  onProgress?: (historyRowsSoFar: number) => void;
}

/** The full-text indexes are rebuilt once at the end: far cheaper than updating them row by row. */
const SEARCH_INDEXES = {
  history_search_idx: 'CREATE INDEX history_search_idx ON history USING gin (search)',
  feedback_search_idx: 'CREATE INDEX feedback_search_idx ON feedback USING gin (search)',
} as const;

const iso = (time: Date): SQL => sql`${time.toISOString()}::timestamptz`;
const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;
const list = (rows: SQL[]): SQL => sql.join(rows, sql`, `);

/**
 * Writes a generated dataset straight into the database in batches of multi-row INSERTs, keeps
 * the list counters, then rebuilds the statistics rollup from the rows. Staff accounts of both roles
 * are created with `staffPassword` when absent.
 */
export async function loadDataset(db: Db, options: LoadOptions): Promise<DatasetSummary> {
  const started = Date.now();
  const passwordHash = await hashPassword(options.staffPassword);
  for (const staff of DATASET_STAFF) {
    if (!(await findUserByEmail(db, staff.email))) await createUser(db, { ...staff, passwordHash });
  }

  for (const name of Object.keys(SEARCH_INDEXES)) await db.execute(sql.raw(`DROP INDEX IF EXISTS ${name}`));
  const maxRows = await sqlRows<{ max: string | number | null }>(db, sql`SELECT max(id) AS max FROM history`);
  let nextHistoryId = Number(maxRows[0]?.max ?? 0) + 1;

  const summary: DatasetSummary = {
    sessions: 0,
    history: 0,
    feedbackUp: 0,
    feedbackDown: 0,
    helpRequestsPending: 0,
    helpRequestsResolved: 0,
    milliseconds: 0,
  };
  const batchSize = options.batchSize ?? 400;
  let batch: GeneratedSession[] = [];
  let batchRows = 0;

  const writeBatch = async () => {
    if (batch.length === 0) return;
    const sessions: SQL[] = [];
    const history: SQL[] = [];
    const feedback: SQL[] = [];
    const helpRequests: SQL[] = [];
    for (const session of batch) {
      const first = session.exchanges[0];
      const last = session.exchanges.at(-1);
      if (!first || !last) continue;
      sessions.push(sql`(${session.sessionId}, ${iso(first.time)}, ${iso(last.time)}, ${session.exchanges.length})`);
      for (const exchange of session.exchanges) {
        const historyId = nextHistoryId;
        nextHistoryId += 1;
        // What History shows of the row, kept as the server's writer keeps it (insertHistoryRow, migration 3720).
        const shown = shownWhenStored({ sourceDocs: exchange.sourceDocs, account: session.account, time: exchange.time });
        history.push(
          sql`(${historyId}, ${session.sessionId}, ${exchange.userMessage}, ${exchange.apiResponse}, ${json(exchange.sourceDocs)}, ${exchange.origin}, ${session.account ? json(session.account) : sql`NULL`}, ${iso(exchange.time)}, ${session.country}, ${session.userIp}, ${exchange.feedback?.rating ?? null}, ${session.helpRequest !== undefined}, ${shown.shownAccount}, ${shown.shownAsStored})`,
        );
        if (exchange.feedback) {
          const { rating, reason, userFeedback, time } = exchange.feedback;
          feedback.push(
            sql`(${historyId}, ${session.sessionId}, ${exchange.userMessage}, ${exchange.apiResponse}, ${rating}, ${json(reason)}, ${userFeedback}, ${session.userIp}, ${session.country}, ${iso(time)})`,
          );
          if (rating === 'up') summary.feedbackUp += 1;
          else summary.feedbackDown += 1;
        }
      }
      const help = session.helpRequest;
      if (help) {
        helpRequests.push(
          sql`(${session.sessionId}, ${help.name}, ${help.email}, ${help.message}, ${help.originUrl}, ${help.resolved ? 'resolved' : 'pending'}, ${session.userIp}, ${session.country}, ${iso(help.time)})`,
        );
        if (help.resolved) summary.helpRequestsResolved += 1;
        else summary.helpRequestsPending += 1;
      }
      summary.sessions += 1;
      summary.history += session.exchanges.length;
    }
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO chat_sessions (session_id, started_at, last_message_at, message_count) VALUES ${list(sessions)}`);
      await tx.execute(
        sql`INSERT INTO history (id, session_id, user_message, api_response, source_docs, origin, account, time, country, user_ip, rating, help_request, shown_account, shown_as_stored)
            OVERRIDING SYSTEM VALUE VALUES ${list(history)}`,
      );
      if (feedback.length > 0) {
        await tx.execute(
          sql`INSERT INTO feedback (history_id, session_id, user_message, api_response, rating, reason, user_feedback, user_ip, country, time)
              VALUES ${list(feedback)}`,
        );
      }
      if (helpRequests.length > 0) {
        await tx.execute(
          sql`INSERT INTO help_requests (session_id, name, email, message, origin_url, status, user_ip, country, time)
              VALUES ${list(helpRequests)}`,
        );
      }
    });
    batch = [];
    batchRows = 0;
    options.onProgress?.(summary.history);
  };

  for (const session of generateSessions(options)) {
    batch.push(session);
    batchRows += session.exchanges.length;
    if (batchRows >= batchSize) await writeBatch();
  }
  await writeBatch();

  await db.execute(sql`SELECT setval(pg_get_serial_sequence('history', 'id'), ${Math.max(1, nextHistoryId - 1)})`);
  for (const statement of Object.values(SEARCH_INDEXES)) await db.execute(sql.raw(statement));
  await db.transaction(async (tx) => {
    const counters: [string[], number][] = [
      [['chat_sessions'], summary.sessions],
      [['history'], summary.history],
      [['feedback', 'feedback:up'], summary.feedbackUp],
      [['feedback', 'feedback:down'], summary.feedbackDown],
      [['help_requests', 'help_requests:pending'], summary.helpRequestsPending],
      [['help_requests', 'help_requests:resolved'], summary.helpRequestsResolved],
    ];
    for (const [names, delta] of counters) await bumpCounters(tx, names, delta);
  });
  await rebuildStatisticsRollup(db);
  // VACUUM too, as the server's upkeep would: it moves the GIN indexes' pending entries into the indexes.
  // ANALYZE alone left a small table's whole search index pending (the help requests': every search read
  // all 300 pages of it), and recorded sizes that told the upkeep nothing was due.
  await db.execute(sql`VACUUM (ANALYZE)`);
  summary.milliseconds = Date.now() - started;
  return summary;
}
