import type { InformTheBotRow, ReplayRow } from '@steward/contract/inform-the-bot';
import { maskPersonalData } from '../../lib/personal-data.ts';
import type { InformTheBotRecord } from './inform-the-bot.repository.ts';

/**
 * Copies what a card shows; approver and feedback ids stay on the server. A correction's question is a visitor's
 * and the bot's knowledge: masked whatever the setting (stored masked since issue 58; masked here for the items
 * stored before), docs/privacy.md.
 */
export const presentInformTheBotItem = (item: InformTheBotRecord, totalCount: number): InformTheBotRow => ({
  id: item.id,
  user_id: item.userId,
  last_author_id: item.lastAuthorId,
  time: item.time.toISOString(),
  content: item.content,
  name: item.authorName,
  status: item.status,
  type: item.type,
  question: item.question === null ? null : maskPersonalData(item.question),
  total_count: totalCount,
});

/** A replayed past question as a route answers it when masking is on (docs/privacy.md): the visitor's words masked. */
export const maskReplayRow = (row: ReplayRow): ReplayRow => ({ ...row, user_message: maskPersonalData(row.user_message) });
