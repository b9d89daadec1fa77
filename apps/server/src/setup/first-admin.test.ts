import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { hashSecret } from '../lib/secrets.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { ensureFirstAdministrator } from './first-admin.ts';

const silent = pino({ level: 'silent' });
let database: Database | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await database?.close();
  database = undefined;
});

describe('ensureFirstAdministrator', () => {
  it('creates the administrator from STEWARD_ADMIN_* when no user exists, once', async () => {
    database = await openTestDatabase();
    const config = readConfig({ STEWARD_ADMIN_EMAIL: 'Boss@Example.com', STEWARD_ADMIN_PASSWORD: 'Start-Here-1', STEWARD_ADMIN_NAME: 'Boss' });
    await ensureFirstAdministrator(database.db, config, silent);
    await ensureFirstAdministrator(database.db, config, silent);
    const users = await sqlRows<{ email: string; name: string; role: string; password_hash: string }>(database.db, sql`SELECT email, name, role, password_hash FROM users`);
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: 'boss@example.com', name: 'Boss', role: 'admin' });
    expect(await verifyPassword(users[0]?.password_hash ?? '', 'Start-Here-1')).toBe(true);
  });

  it('makes a one-time /register/{key} link for an administrator invitation when nothing is configured', async () => {
    database = await openTestDatabase();
    const admin = await ensureFirstAdministrator(database.db, readConfig({ PUBLIC_URL: 'https://dash.example.com' }), silent);
    expect(admin?.email).toBe('admin@dash.example.com');
    const printed = [admin?.registerLink ?? ''];
    const key = /https:\/\/dash\.example\.com\/register\/([A-Za-z0-9_-]{43})/.exec(printed.join(''))?.[1];
    expect(key).toBeDefined();
    const tokens = await sqlRows<{ purpose: string; role: string; email: string }>(
      database.db,
      sql`SELECT purpose, role, email FROM auth_tokens WHERE token_hash = ${hashSecret(key ?? '')} AND used_at IS NULL AND expires_at > now()`,
    );
    expect(tokens).toEqual([{ purpose: 'invitation', role: 'admin', email: 'admin@dash.example.com' }]);
  });

  it('creates one administrator when several instances start at once on an empty database', async () => {
    database = await openTestDatabase();
    const { db } = database;
    const config = readConfig({ STEWARD_ADMIN_EMAIL: 'boss@example.com', STEWARD_ADMIN_PASSWORD: 'Start-Here-1' });
    const answers = await Promise.all([1, 2, 3, 4].map(() => ensureFirstAdministrator(db, config, silent)));
    const users = await sqlRows<{ email: string }>(database.db, sql`SELECT email FROM users`);
    expect(users).toEqual([{ email: 'boss@example.com' }]);
    // Each instance either created them or found them made.
    expect(answers.filter((answer) => answer !== undefined).length).toBeGreaterThanOrEqual(1);
  });

  it('prints one registration link, whichever instance starts or restarts, until it is used', async () => {
    database = await openTestDatabase();
    const { db } = database;
    const config = readConfig({ PUBLIC_URL: 'https://dash.example.com' });
    const links = await Promise.all([1, 2, 3].map(() => ensureFirstAdministrator(db, config, silent)));
    const [first] = links;
    expect(first?.registerLink).toMatch(/\/register\//);
    expect(links.map((link) => link?.registerLink)).toEqual([first?.registerLink, first?.registerLink, first?.registerLink]);
    expect((await ensureFirstAdministrator(database.db, config, silent))?.registerLink).toBe(first?.registerLink);
    const live = await sqlRows<{ count: string }>(database.db, sql`SELECT count(*)::text AS count FROM auth_tokens WHERE purpose = 'invitation' AND used_at IS NULL`);
    expect(live).toEqual([{ count: '1' }]);

    // A used (or expired) key is not printed again: the next start makes a new one.
    await database.db.execute(sql`UPDATE auth_tokens SET used_at = now()`);
    const next = await ensureFirstAdministrator(database.db, config, silent);
    expect(next?.registerLink).toMatch(/\/register\//);
    expect(next?.registerLink).not.toBe(first?.registerLink);
  });
});
