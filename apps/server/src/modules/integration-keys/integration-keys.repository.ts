import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { BOOTSTRAP_KEY_SCOPES, type IntegrationKeyScope } from '@steward/contract/integration-keys';
import type { Db } from '../../db/client.ts';
import { integrationKeys } from '../../db/schema.ts';

export type IntegrationKeyRecord = typeof integrationKeys.$inferSelect;

/** How often a key's last use is written: at most once a minute per key, not a write per call. */
export const LAST_USED_PRECISION_MS = 60_000;

export async function insertIntegrationKey(
  db: Db,
  values: { publicId: string; secretHash: string; name: string; scopes: IntegrationKeyScope[]; expiresAt: Date | null; createdBy: { id: number; name: string } },
): Promise<IntegrationKeyRecord> {
  const [row] = await db
    .insert(integrationKeys)
    .values({
      publicId: values.publicId,
      secretHash: values.secretHash,
      name: values.name,
      scopes: values.scopes,
      expiresAt: values.expiresAt,
      createdBy: values.createdBy.name,
      createdByUserId: values.createdBy.id,
    })
    .returning();
  if (!row) throw new Error('The integration key was not stored.');
  return row;
}

/** Every key, newest first (revoked ones too, for the record; there are a handful). */
export const listIntegrationKeys = (db: Db): Promise<IntegrationKeyRecord[]> =>
  db.select().from(integrationKeys).orderBy(desc(integrationKeys.createdAt), desc(integrationKeys.id));

export async function findIntegrationKey(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<IntegrationKeyRecord | undefined> {
  const query = db.select().from(integrationKeys).where(eq(integrationKeys.id, id));
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/** The key with this public id, read fresh from the database on every call: a revoke holds on every instance at once. */
export async function findIntegrationKeyByPublicId(db: Db, publicId: string): Promise<IntegrationKeyRecord | undefined> {
  const rows = await db.select().from(integrationKeys).where(eq(integrationKeys.publicId, publicId));
  return rows[0];
}

/** Whether any key could still be used (not revoked): the bot API is on even without BOT_API_KEY. */
export async function anyUnrevokedIntegrationKey(db: Db): Promise<boolean> {
  const rows = await db.select({ id: integrationKeys.id }).from(integrationKeys).where(isNull(integrationKeys.revokedAt)).limit(1);
  return rows.length > 0;
}

/**
 * The keys that work now (neither revoked nor expired) and may call the bot API (a scope of BOT_API_KEY's; a key for
 * the exports alone is no chatbot): Home's checklist counts them as a connected chatbot.
 */
export async function countUsableIntegrationKeys(db: Db, now: Date): Promise<number> {
  const botScopes = sql.join(BOOTSTRAP_KEY_SCOPES.map((scope) => sql`${scope}`), sql`, `);
  const rows = await db
    .select({ count: sql<number | string>`count(*)` })
    .from(integrationKeys)
    .where(
      and(
        isNull(integrationKeys.revokedAt),
        or(isNull(integrationKeys.expiresAt), gt(integrationKeys.expiresAt, now)),
        sql`${integrationKeys.scopes} ?| array[${botScopes}]::text[]`,
      ),
    );
  return Number(rows[0]?.count ?? 0);
}

export async function setIntegrationKeyScopes(db: Db, id: number, scopes: IntegrationKeyScope[]): Promise<void> {
  await db.update(integrationKeys).set({ scopes }).where(eq(integrationKeys.id, id));
}

export async function markIntegrationKeyRevoked(db: Db, id: number): Promise<void> {
  await db.update(integrationKeys).set({ revokedAt: sql`now()` }).where(and(eq(integrationKeys.id, id), isNull(integrationKeys.revokedAt)));
}

/** Notes a use, unless one was noted within the last minute: at most one write a minute per key, whatever the traffic. */
export async function noteIntegrationKeyUse(db: Db, id: number, ip: string, now: Date): Promise<void> {
  const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
  await db
    .update(integrationKeys)
    .set({ lastUsedAt: now, lastUsedIp: ip })
    .where(and(eq(integrationKeys.id, id), or(isNull(integrationKeys.lastUsedAt), lt(integrationKeys.lastUsedAt, staleBefore))));
}
