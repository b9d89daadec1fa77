import path from 'node:path';
import pino from 'pino';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { keepNewFilesPrivate } from '../lib/private-files.ts';
import { migrate } from '../db/migrate.ts';
import { createEmbedder } from '../ingest/embedders/create-embedder.ts';
import { chosenKnowledgeStore } from '../modules/bot-settings/answer-models.actions.ts';
import { ReindexStopped, reindexKnowledge } from './reindex-knowledge.ts';
import { explainStartUpFailure } from '../start-up-failure.ts';

/**
 * `npm run reindex`: reads every document and approved Inform-the-Bot item again and rebuilds the active embedder's
 * vectors as a new generation while the current one answers (reindex-knowledge.ts), on the database the server would
 * open. On the embedded database it takes DATA_DIR's lock, so it refuses to run while the server is up; on
 * PostgreSQL it may run while the servers are up, which answer whole throughout and switch with it.
 */
async function reindex(): Promise<void> {
  keepNewFilesPrivate();
  const config = readConfig();
  const releaseLock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const log = pino({ level: 'warn' }, pino.destination(2));
  const say = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
    const embedder = createEmbedder(config);
    try {
      await migrate(database, { info: say, warn: (message) => process.stderr.write(`${message}\n`) });
      const started = Date.now();
      const knowledge = chosenKnowledgeStore(database.db, config, embedder);
      const report = await reindexKnowledge(database.db, knowledge, log, say)
        .catch((error: unknown) => {
          if (!(error instanceof ReindexStopped)) throw error;
          process.stderr.write(`${error.message}\n`);
          process.exitCode = 1;
          return undefined;
        })
        .finally(() => knowledge.close());
      if (!report) return;
      say(`Re-indexed ${report.documents} document(s), ${report.sitePages} website page(s) and ${report.items} item(s) into ${report.chunks} chunks in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      if (report.failures.length > 0) {
        process.stderr.write(`${report.failures.length} could not be read again (they keep their previous passages, with the new vectors):\n`);
        for (const failure of report.failures) process.stderr.write(`  ${failure}\n`);
        process.exitCode = 1;
      }
    } finally {
      await embedder.close();
      await database.close();
    }
  } finally {
    releaseLock();
  }
}

reindex().catch((error: unknown) => {
  process.stderr.write(`Re-indexing failed: ${explainStartUpFailure(error)}\n`);
  process.exit(1);
});
