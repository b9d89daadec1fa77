/**
 * `@steward/server/test-support`: what the bench, the demo and the browser tests use of the server beside its
 * HTTP API: its configuration and start, its database opened and migrated, the rows the bot API refuses (for
 * the safety tests) and the benchmark's data set written directly, counters read, and the repository's test
 * files. They import this entry, never the server's files by relative path.
 */
import type { TestOidcOptions, TestOidcProvider, TestOidcProviderWithClock } from './test/oidc-test-provider.ts';

export { type Config, readConfig } from './config.ts';
export { type Db, openDatabase } from './db/client.ts';
export { upkeepEmbeddedDatabase } from './db/embedded-upkeep.ts';
export { migrate } from './db/migrate.ts';
export { feedback, history } from './db/schema.ts';
export { sqlRows } from './db/sql-rows.ts';
export { buildInflateBombPdf, buildManyPagesPdf } from './test/test-pdf-bombs.ts';
export { buildTestPdf } from './test/test-pdfs.ts';
export { bumpCounters, readCounter } from './lib/list-counters.ts';
export { hashPassword } from './lib/passwords.ts';
export { DEVICE_COOKIE_PREFIX } from './modules/auth/device-cookies.ts';
export { createUser, findUserByEmail } from './modules/auth/users.repository.ts';
export { shownWhenStored } from './modules/history/history.presenter.ts';
export { DOCUMENT_INGESTION_QUEUE } from './modules/documents/document-ingestion-queue.ts';
export { rebuildStatisticsRollup } from './modules/statistics/statistics-recount.repository.ts';
export { type RunningServer, startServer } from './start-server.ts';
export { nginxBinary, startNginx } from './test/nginx-server.ts';
export { type PostgresServer, postgresBinDir, startPostgresServer } from './test/postgres-server.ts';
export { recipientOf, type SmtpSink, startSmtpSink } from './test/smtp-sink.ts';
export { testDataPath } from './test/test-data.ts';
export { type FakeLlmServer, startFakeLlmServer } from './test/fake-llm-server.ts';
export type { TestOidcOptions, TestOidcProvider, TestOidcProviderWithClock } from './test/oidc-test-provider.ts';
/** Loaded on demand: oidc-provider (and its warnings on Node 20) stays out of the bench and the demo, which import this entry. */
export const startTestOidcProvider = async (options: TestOidcOptions): Promise<TestOidcProvider> =>
  (await import('./test/oidc-test-provider.ts')).startTestOidcProvider(options);
/** The provider in a child process whose clock can be set back (an expired ID token), loaded on demand too. */
export const startTestOidcProviderInAChildProcess = async (options: TestOidcOptions): Promise<TestOidcProviderWithClock> =>
  (await import('./test/oidc-test-provider.ts')).startTestOidcProviderInAChildProcess(options);
