import type { Migration } from './migration.ts';

/** The list_counters row, as modules/inform-the-bot/inform-the-bot.counters.ts names it (pinned by migration-pins.test.ts). */
export const INFORM_THE_BOT_LIST_COUNTER = 'inform_the_bot';

/**
 * One counter mechanism for the four lists (docs/architecture.md, "List counters"): list_counters
 * 'inform_the_bot' is now bumped in code by its one writer (inform-the-bot.repository.ts, in the writing
 * transaction), as history, feedback and help requests always were, so the trigger of migration 0400 goes.
 * The counter is set once more from the table, in this migration's transaction.
 */
export const informTheBotCounterInCode: Migration = {
  name: '2400-inform-the-bot-counter-in-code',
  sql: /* sql */ `
DROP TRIGGER inform_the_bot_count ON inform_the_bot;
DROP FUNCTION inform_the_bot_count();

INSERT INTO list_counters (name, count)
  SELECT '${INFORM_THE_BOT_LIST_COUNTER}', count(*) FROM inform_the_bot
  ON CONFLICT (name) DO UPDATE SET count = EXCLUDED.count;
`,
};
