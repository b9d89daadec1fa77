import { asc, eq } from 'drizzle-orm';
import type { FunFactFields, FunFactRow } from '@steward/contract/bot-settings';
import type { Db } from '../../db/client.ts';
import { funFacts } from '../../db/schema.ts';

const columns = { id: funFacts.id, fact: funFacts.fact, url: funFacts.url };

/** Oldest first, the order they were added in. There are a handful, so no paging. */
export const listFunFacts = (db: Db): Promise<FunFactRow[]> => db.select(columns).from(funFacts).orderBy(asc(funFacts.id));

export const addFunFacts = (db: Db, facts: readonly FunFactFields[]): Promise<FunFactRow[]> =>
  db.insert(funFacts).values([...facts]).returning(columns);

export async function saveFunFact(db: Db, id: number, fields: FunFactFields): Promise<FunFactRow | undefined> {
  const [row] = await db.update(funFacts).set(fields).where(eq(funFacts.id, id)).returning(columns);
  return row;
}

/** The deleted fact, or undefined when there was none. */
export async function deleteFunFact(db: Db, id: number): Promise<FunFactRow | undefined> {
  const [row] = await db.delete(funFacts).where(eq(funFacts.id, id)).returning(columns);
  return row;
}
