import type { Db } from '../../db/client.ts';
import { informTheBot } from '../../db/schema.ts';

export type CorrectionRecord = typeof informTheBot.$inferSelect;

/**
 * Files the right answer to a feedback's question as a pending Inform-the-Bot item of
 * type correction, keeping the question and the feedback it came from.
 */
export async function createCorrection(
  db: Db,
  input: { feedbackId: number; question: string; content: string; author: { id: number; name: string } },
): Promise<CorrectionRecord> {
  const rows = await db
    .insert(informTheBot)
    .values({
      userId: input.author.id,
      authorName: input.author.name,
      content: input.content,
      type: 'correction',
      question: input.question,
      feedbackId: input.feedbackId,
      status: 'pending',
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('Inserting a correction returned no row.');
  return row;
}
