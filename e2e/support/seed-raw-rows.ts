/**
 * A back door that is not in the product: a separate process, run by the e2e global setup before
 * the server starts, that migrates DATA_DIR's database and stores the rows the bot API refuses
 * (see script-payloads.ts), exactly as given. Usage: node --import tsx seed-raw-rows.ts <DATA_DIR> <seeds file>
 */
import fs from 'node:fs';
import path from 'node:path';
import { bumpCounters, feedback, history, migrate, openDatabase } from '@steward/server/test-support';
import { type E2eSeeds, HOSTILE_ANSWER_HTML, HOSTILE_ANSWER_SESSION_ID, RAW_FEEDBACK, RAW_HISTORY } from './script-payloads.ts';

const [dataDir, seedsFile] = process.argv.slice(2);
if (!dataDir || !seedsFile) throw new Error('Usage: seed-raw-rows.ts <DATA_DIR> <seeds file>');

const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
await migrate(database, { info: () => undefined, warn: (message) => process.stderr.write(`${message}\n`) });
const seeds: E2eSeeds = await database.db.transaction(async (tx) => {
  const [row] = await tx
    .insert(history)
    .values({
      sessionId: RAW_HISTORY.session_id,
      userMessage: RAW_HISTORY.user_message,
      apiResponse: RAW_HISTORY.api_response,
      sourceDocs: RAW_HISTORY.source_docs,
      origin: RAW_HISTORY.origin,
      account: RAW_HISTORY.account,
      time: new Date(RAW_HISTORY.time),
      country: RAW_HISTORY.country,
      userIp: RAW_HISTORY.user_ip,
      rating: RAW_FEEDBACK.rating,
    })
    .returning();
  if (!row) throw new Error('The raw history row was not stored.');
  const [rated] = await tx
    .insert(feedback)
    .values({
      historyId: row.id,
      sessionId: row.sessionId,
      userMessage: row.userMessage,
      apiResponse: row.apiResponse,
      rating: RAW_FEEDBACK.rating,
      reason: RAW_FEEDBACK.reason,
      userFeedback: RAW_FEEDBACK.user_feedback,
      time: new Date(RAW_FEEDBACK.time),
      country: RAW_FEEDBACK.country,
      userIp: RAW_FEEDBACK.user_ip,
    })
    .returning({ id: feedback.id });
  if (!rated) throw new Error('The raw feedback row was not stored.');
  const [hostile] = await tx
    .insert(history)
    .values({ sessionId: HOSTILE_ANSWER_SESSION_ID, userMessage: 'Where is my order?', apiResponse: HOSTILE_ANSWER_HTML, time: new Date('2300-01-01T00:00:30Z') })
    .returning({ id: history.id });
  if (!hostile) throw new Error('The hostile answer was not stored.');
  await bumpCounters(tx, ['history'], 2);
  await bumpCounters(tx, ['feedback', `feedback:${RAW_FEEDBACK.rating}`], 1);
  return { rawHistoryId: row.id, rawFeedbackId: rated.id, hostileAnswerHistoryId: hostile.id };
});
await database.close();
fs.writeFileSync(seedsFile, JSON.stringify(seeds));
