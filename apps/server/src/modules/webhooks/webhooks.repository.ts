import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { WebhookEventType } from '@steward/contract/webhooks';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';

export type WebhookEndpointRecord = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRecord = typeof webhookDeliveries.$inferSelect;

export async function insertWebhookEndpoint(
  db: Db,
  values: Pick<WebhookEndpointRecord, 'kind' | 'url' | 'description' | 'events' | 'includePersonalData' | 'secretSealed'> & { createdBy: { id: number; name: string } },
): Promise<WebhookEndpointRecord> {
  const { createdBy, ...rest } = values;
  const [row] = await db.insert(webhookEndpoints).values({ ...rest, createdBy: createdBy.name, createdByUserId: createdBy.id }).returning();
  if (!row) throw new Error('The webhook endpoint was not stored.');
  return row;
}

export const listWebhookEndpoints = (db: Db): Promise<WebhookEndpointRecord[]> =>
  db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));

export async function findWebhookEndpoint(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<WebhookEndpointRecord | undefined> {
  const query = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return (options.forUpdate ? await query.for('update') : await query)[0];
}

export async function updateWebhookEndpoint(db: Db, id: number, values: Partial<Omit<WebhookEndpointRecord, 'id'>>): Promise<WebhookEndpointRecord> {
  const [row] = await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning();
  if (!row) throw new Error('The webhook endpoint was not updated.');
  return row;
}

export async function deleteWebhookEndpoint(db: Db, id: number): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** The enabled endpoints that chose this event. */
export const endpointsReceiving = (db: Db, type: WebhookEventType): Promise<WebhookEndpointRecord[]> =>
  db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`))
    .orderBy(asc(webhookEndpoints.id));

export async function insertWebhookDelivery(
  db: Db,
  values: Pick<WebhookDeliveryRecord, 'endpointId' | 'messageId' | 'eventType' | 'recordKey' | 'recordPath' | 'data'>,
): Promise<WebhookDeliveryRecord> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  if (!row) throw new Error('The webhook delivery was not stored.');
  return row;
}

export async function findWebhookDelivery(db: Db, id: number, options: { forUpdate?: boolean } = {}): Promise<WebhookDeliveryRecord | undefined> {
  const query = db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return (options.forUpdate ? await query.for('update') : await query)[0];
}

/** Whether an earlier event of the same record still waits to reach this endpoint (then this one waits behind it). */
export async function earlierPendingDelivery(db: Db, delivery: Pick<WebhookDeliveryRecord, 'id' | 'endpointId' | 'recordKey'>): Promise<boolean> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, delivery.endpointId),
        eq(webhookDeliveries.recordKey, delivery.recordKey),
        eq(webhookDeliveries.status, 'pending'),
        lt(webhookDeliveries.id, delivery.id),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The first pending delivery of a record to an endpoint: the next to send once the one before it is settled. */
export async function firstPendingDelivery(db: Db, endpointId: number, recordKey: string): Promise<number | undefined> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.recordKey, recordKey), eq(webhookDeliveries.status, 'pending')))
    .orderBy(asc(webhookDeliveries.id))
    .limit(1);
  return rows[0]?.id;
}

export async function saveDeliveryAttempt(db: Db, id: number, values: Partial<Omit<WebhookDeliveryRecord, 'id'>>): Promise<void> {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** An endpoint's pending deliveries settled as failed (it was disabled): answers their records, one each. */
export async function failPendingDeliveries(db: Db, endpointId: number, excerpt: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, responseExcerpt: excerpt })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}

export async function listWebhookDeliveriesPage(db: Db, endpointId: number, page: number, pageSize: number): Promise<{ rows: WebhookDeliveryRecord[]; total: number }> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(pageSize)
    .offset(page * pageSize);
  const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  return { rows, total: Number(total?.n ?? 0) };
}
