import { asc, eq } from 'drizzle-orm';
import type { HelpRequestReply } from '@steward/contract/help-requests';
import type { Db } from '../../db/client.ts';
import { helpRequestReplies } from '../../db/schema.ts';

const columns = {
  id: helpRequestReplies.id,
  time: helpRequestReplies.time,
  authorName: helpRequestReplies.authorName,
  message: helpRequestReplies.message,
};

const present = (row: { id: number; time: Date; authorName: string; message: string }): HelpRequestReply => ({
  id: row.id,
  time: row.time.toISOString(),
  author_name: row.authorName,
  message: row.message,
});

/** Stores a reply in the caller's transaction (the action mails it in the same one). */
export async function insertHelpRequestReply(
  tx: Db,
  reply: { helpRequestId: number; author: { id: number; name: string }; message: string },
): Promise<HelpRequestReply> {
  const [row] = await tx
    .insert(helpRequestReplies)
    .values({ helpRequestId: reply.helpRequestId, authorId: reply.author.id, authorName: reply.author.name, message: reply.message })
    .returning(columns);
  if (!row) throw new Error('The reply was not stored.');
  return present(row);
}

/** A help request's replies, oldest first. */
export async function repliesOfHelpRequest(db: Db, helpRequestId: number): Promise<HelpRequestReply[]> {
  const rows = await db
    .select(columns)
    .from(helpRequestReplies)
    .where(eq(helpRequestReplies.helpRequestId, helpRequestId))
    .orderBy(asc(helpRequestReplies.time), asc(helpRequestReplies.id));
  return rows.map(present);
}
