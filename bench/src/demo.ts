/**
 * `npm run demo`: the real server on its own data directory (./data-demo, or DEMO_DATA_DIR), port 3000
 * unless PORT. It prints the logins as soon as the server answers; then, on first start, it creates demo
 * staff, uploads the public-domain texts of bench/demo-documents through the upload calls (so the bot on
 * /demo answers at once), adds three fun facts about them and the widget's look, reports a generated
 * 13-month history of visitors' questions about those texts through the bot API over HTTP (DEMO_HISTORY_ROWS
 * exchanges, default 3,000), and asks the real bot the most recent ones (demo-story.ts); later starts keep
 * the data. `npm run demo` rebuilds only when a source changed since the last build (scripts/build-if-changed.mjs).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { bumpCounters, createUser, type Db, findUserByEmail, hashPassword, readConfig, readCounter, startServer } from '@steward/server/test-support';
import { generateSessions } from './dataset/generate-dataset.ts';
import { ingestDemoDocuments, signInOverHttp } from './demo-documents.ts';
import { addDemoFunFacts } from './demo-fun-facts.ts';
import { feedSession } from './demo-feed.ts';
import { playDemoStory, saveDemoAppearance } from './demo-story.ts';
import { galleryContent } from './dataset/gallery-content.ts';

const DEMO_ADMIN = { name: 'Demo Admin', email: 'admin@demo.steward.example', password: 'Demo-Admin-2026' };
const DEMO_VIEWER = { name: 'Demo Viewer', email: 'viewer@demo.steward.example', password: 'Demo-Viewer-2026' };
const PARALLEL_SESSIONS = 4;

const dataDir = path.resolve(process.env.DEMO_DATA_DIR ?? './data-demo');
const historyRows = Number(process.env.DEMO_HISTORY_ROWS ?? 3000);
const botApiKey = process.env.BOT_API_KEY || randomBytes(24).toString('hex');

const config = readConfig({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: process.env.PORT ?? '3000',
  BOT_API_KEY: botApiKey,
  STEWARD_ADMIN_EMAIL: DEMO_ADMIN.email,
  STEWARD_ADMIN_PASSWORD: DEMO_ADMIN.password,
  STEWARD_ADMIN_NAME: DEMO_ADMIN.name,
});
const server = await startServer(config);
const db = server.database.db;
const apiUrl = `http://127.0.0.1:${new URL(server.url).port}`;

if (!(await findUserByEmail(db, DEMO_VIEWER.email))) {
  await createUser(db, { name: DEMO_VIEWER.name, email: DEMO_VIEWER.email, role: 'viewer', passwordHash: await hashPassword(DEMO_VIEWER.password) });
}

// The server answers: the logins first, so nobody waits for the data to sign in.
process.stdout.write(
  [
    '',
    `Steward demo: ${server.url}/`,
    `  Try the bot as a visitor: ${server.url}/demo`,
    `  Administrator: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
    `  Viewer:        ${DEMO_VIEWER.email} / ${DEMO_VIEWER.password}`,
    `  Bot API key (this run): ${botApiKey}`,
    `  Data: ${dataDir} (delete it to start over). Ctrl+C stops the server.`,
    '',
  ].join('\n'),
);

const adminHeaders = await signInOverHttp(apiUrl, DEMO_ADMIN.email, DEMO_ADMIN.password);
await ingestDemoDocuments(apiUrl, adminHeaders);
await addDemoFunFacts(apiUrl, adminHeaders);

if ((await readCounter(db, 'history')) > 0) {
  server.app.log.info('The demo data is already there: keeping it.');
} else {
  await saveDemoAppearance(apiUrl, adminHeaders);
  await fillThroughBotApi(db);
  await playDemoStory(apiUrl, adminHeaders);
  process.stdout.write(`The demo data is ready: ${server.url}/home\n`);
}

const stop = () => {
  server
    .stop()
    .then(() => process.exit(0))
    .catch(() => process.exit(1));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

async function fillThroughBotApi(database: Db): Promise<void> {
  const started = Date.now();
  process.stdout.write(`Reporting ${historyRows.toLocaleString('en-US')} generated exchanges through the bot API…\n`);
  const sessions = generateSessions({ historyRows, content: galleryContent(server.url) });
  const resolved: number[] = [];
  let fed = 0;
  const worker = async () => {
    for (let next = sessions.next(); !next.done; next = sessions.next()) {
      const { helpRequestId } = await feedSession(apiUrl, botApiKey, next.value);
      if (helpRequestId !== undefined) resolved.push(helpRequestId);
      fed += next.value.exchanges.length;
      if (fed % 500 < next.value.exchanges.length) process.stdout.write(`  … ${fed} exchanges\n`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_SESSIONS }, worker));
  // Some requests were handled already: the bot reports them pending, staff resolved them since.
  if (resolved.length > 0) {
    await database.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE help_requests SET status = 'resolved', status_changed_at = time + interval '1 day' WHERE id IN (${sql.join(resolved.map((id) => sql`${id}`), sql`, `)})`,
      );
      await bumpCounters(tx, ['help_requests:pending'], -resolved.length);
      await bumpCounters(tx, ['help_requests:resolved'], resolved.length);
    });
  }
  process.stdout.write(`Done in ${((Date.now() - started) / 1000).toFixed(0)} s.\n`);
}
