import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema.ts';
import { newSecret } from './secrets.ts';

/**
 * A secret (or, with `make`, any value: the installation's id) every instance shares, made at first use and kept in the database (not in DATA_DIR,
 * which instances do not share): the first instance to ask stores a fresh one, the others read it.
 */
export async function sharedServerSecret(db: Db, name: string, make: () => string = newSecret): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`The server secret "${name}" could not be stored.`);
  return row.value;
}
