/** Name of the list_counters row kept for the Inform the Bot list, by its writers in inform-the-bot.repository.ts. */
export const INFORM_THE_BOT_COUNTER = 'inform_the_bot';
