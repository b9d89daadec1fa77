import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@steward/contract/access';
import { buildApp, type StewardApp } from '../app.ts';
import { readConfig, type Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { MailTransport } from '../mail/mail-transport.ts';
import type { WidgetBuild } from '../plugins/widget-build.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createUser, type UserRecord } from '../modules/auth/users.repository.ts';
import { ApiClient } from './api-client.ts';
import { openTestDatabase } from './test-database.ts';
import type { Embedder } from '../ingest/embedders/embedder.ts';
import type { DestinationStream } from 'pino';

export const TEST_BOT_API_KEY = 'test-bot-api-key-0123456789abcdef';
export const TEST_PASSWORD = 'Correct-Horse-9';

export interface TestApp extends StewardApp {
  baseUrl: string;
  database: Database;
  db: Db;
  config: Config;
  /** A fresh browser-like client (no cookies). */
  client(): ApiClient;
  /** A client signed in as a new user of the given role. */
  signedInClient(role: Role, overrides?: Partial<NewUser>): Promise<{ client: ApiClient; user: UserRecord }>;
  createUser(overrides?: Partial<NewUser>): Promise<UserRecord>;
  close(): Promise<void>;
}

export interface NewUser {
  name: string;
  email: string;
  role: Role;
  password: string;
}

let userCounter = 0;

/**
 * Boots the real server on a loopback port over a private database. Environment
 * overrides go through readConfig, exactly as in production; `beforeListen` may add probe routes.
 */
export async function createTestApp(
  environment: Record<string, string> = {},
  options: {
    beforeListen?: (app: StewardApp['app']) => void;
    mailTransport?: MailTransport;
    widgetBuild?: WidgetBuild;
    webDistDir?: string;
    logStream?: DestinationStream;
    embedder?: Embedder;
    /** A database opened by the test (openTestDatabase with its options); closed with the app. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-test-data-'));
  const config = readConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BOT_API_KEY: TEST_BOT_API_KEY,
    PUBLIC_URL: 'http://127.0.0.1:3000',
    ...environment,
  });
  const database = options.database ?? (await openTestDatabase());
  const built = await buildApp({
    config,
    database,
    ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
    ...(options.widgetBuild ? { widgetBuild: options.widgetBuild } : {}),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.embedder ? { embedder: options.embedder } : {}),
  });
  await built.context.knowledge.prepare(built.app.log);
  options.beforeListen?.(built.app);
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const addUser = async (overrides: Partial<NewUser> = {}): Promise<UserRecord> => {
    userCounter += 1;
    return createUser(database.db, {
      name: overrides.name ?? `Test User ${userCounter}`,
      email: overrides.email ?? `user${userCounter}-${Date.now()}@example.com`,
      role: overrides.role ?? 'admin',
      passwordHash: await hashPassword(overrides.password ?? TEST_PASSWORD),
    });
  };

  return {
    ...built,
    baseUrl,
    database,
    db: database.db,
    config,
    client: () => new ApiClient(baseUrl),
    createUser: addUser,
    signedInClient: async (role, overrides = {}) => {
      const password = overrides.password ?? TEST_PASSWORD;
      const user = await addUser({ ...overrides, role, password });
      const client = new ApiClient(baseUrl);
      const answer = await client.post('/api/login', { email: user.email, password });
      if (answer.status !== 200) throw new Error(`Test login failed: ${JSON.stringify(answer.body)}`);
      return { client, user };
    },
    close: async () => {
      await built.app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
