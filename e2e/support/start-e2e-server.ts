/**
 * The server the browser tests run against: the real app over a fresh PGlite data
 * directory, plus one test-only call (POST /__e2e/users) that creates staff accounts
 * so each test can start from its own users. Not part of the product.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { readConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { startJobWorker } from '../../apps/server/src/jobs/job-queue.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { createUser } from '../../apps/server/src/modules/users/users.repository.ts';
import { registerOutboxRoutes } from './e2e-outbox.ts';
import { registerConversationSeeds } from './conversation-seeds.ts';
import { E2E_ASSISTANT_NAME, E2E_BOT_API_KEY, E2E_PASSWORD } from './e2e-constants.ts';

const port = Number(process.env.E2E_PORT ?? 3107);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-e2e-'));
const config = readConfig({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ASSISTANT_NAME: E2E_ASSISTANT_NAME,
  BOT_API_KEY: E2E_BOT_API_KEY,
  LOG_LEVEL: 'warn',
});
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
const { app, context } = await buildApp({ config, database, logger: { level: 'warn' } });
await migrate(database, app.log);

let counter = 0;
app.post('/__e2e/users', { config: { access: 'public' } }, async (request) => {
  const body = (request.body ?? {}) as { role?: 'admin' | 'viewer'; name?: string };
  counter += 1;
  const role = body.role === 'viewer' ? 'viewer' : 'admin';
  const email = `${role}${counter}-${Date.now()}@example.com`;
  const user = await createUser(database.db, {
    name: body.name ?? `${role === 'admin' ? 'Ada Admin' : 'Vic Viewer'} ${counter}`,
    email,
    role,
    passwordHash: await hashPassword(E2E_PASSWORD),
  });
  return { id: user.id, name: user.name, email, password: E2E_PASSWORD, role };
});

registerOutboxRoutes(app, database.db, config);
registerConversationSeeds(app, database.db);

await app.listen({ port, host: '127.0.0.1' });
const worker = startJobWorker(database.db, context.jobHandlers, app.log, 200);

const stop = async () => {
  await app.close();
  await worker.stop();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
