import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';
import { newSecret } from './secrets.ts';

/**
 * A secret (or, with `make`, any value: the installation's id) every instance shares, made at first use and kept in the database (not in DATA_DIR,
 * which instances do not share): the first instance to ask stores a fresh one, the others read it.
 */
export async function sharedServerSecret(db: Db, name: string, make: () => string = newSecret): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
  const value = await readServerSecret(db, name);
  if (value === undefined) throw new Error(`The server secret "${name}" could not be stored.`);
  return value;
}

/** The secret kept under `name`, if any. */
export async function readServerSecret(db: Db, name: string): Promise<string | undefined> {
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row?.value;
}

/** Keeps `value` under `name`, in place of the one kept before (its time is now). */
export async function keepServerSecret(db: Db, name: string, value: string): Promise<void> {
  await db
    .insert(serverSecrets)
    .values({ name, value })
    .onConflictDoUpdate({ target: serverSecrets.name, set: { value, createdAt: sql`now()` } });
}

export async function forgetServerSecret(db: Db, name: string): Promise<void> {
  await db.delete(serverSecrets).where(eq(serverSecrets.name, name));
}
