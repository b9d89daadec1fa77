/**
 * Test-only calls of the e2e server that store history and feedback rows exactly as
 * given, bypassing the bot API's checks. The safety tests use them for values the bot
 * API refuses (javascript: origins, markup in country or user_ip), to prove the
 * dashboard stays safe even if such a value reached the database. Not part of the product.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../apps/server/src/db/client.ts';
import { feedback, history } from '../../apps/server/src/db/schema.ts';
import { bumpCounters } from '../../apps/server/src/lib/list-counters.ts';

export interface RawHistory {
  session_id: string;
  user_message: string;
  api_response: string;
  source_docs: unknown[];
  origin: string | null;
  account: Record<string, string> | null;
  time: string;
  country: string;
  user_ip: string;
}

export interface RawFeedback {
  history_id: number;
  rating: 'up' | 'down';
  reason: string[];
  user_feedback: string;
  time: string;
  country: string;
  user_ip: string;
}

export function registerConversationSeeds(app: FastifyInstance, db: Db): void {
  app.post('/__e2e/raw-history', { config: { access: 'public' } }, async (request) => {
    const body = request.body as RawHistory;
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(history)
        .values({
          sessionId: body.session_id,
          userMessage: body.user_message,
          apiResponse: body.api_response,
          sourceDocs: body.source_docs,
          origin: body.origin,
          account: body.account,
          time: new Date(body.time),
          country: body.country,
          userIp: body.user_ip,
        })
        .returning({ id: history.id });
      await bumpCounters(tx, ['history'], 1);
      return { id: row?.id };
    });
  });

  app.post('/__e2e/raw-feedback', { config: { access: 'public' } }, async (request) => {
    const body = request.body as RawFeedback;
    return db.transaction(async (tx) => {
      const [about] = await tx.select().from(history).where(eq(history.id, body.history_id));
      if (!about) throw new Error(`No history row ${body.history_id}.`);
      const [row] = await tx
        .insert(feedback)
        .values({
          historyId: about.id,
          sessionId: about.sessionId,
          userMessage: about.userMessage,
          apiResponse: about.apiResponse,
          rating: body.rating,
          reason: body.reason,
          userFeedback: body.user_feedback,
          time: new Date(body.time),
          country: body.country,
          userIp: body.user_ip,
        })
        .returning({ id: feedback.id });
      await bumpCounters(tx, ['feedback', `feedback:${body.rating}`], 1);
      return { id: row?.id };
    });
  });
}
