import type { SourceDocument } from './generate-dataset.ts';

/** One question a visitor asks, and the bot's answer to it (HTML and its sources). */
export interface ConversationTopic {
  question: string;
  answer: { html: string; sources: SourceDocument[] };
  /** false: the bot said it does not know (visitors rate those down more often). */
  answered: boolean;
}

/**
 * What a generated dataset's conversations are about, when not the bench's appliance maker
 * (product-content.ts): the demo's gallery, about the documents it uploads (gallery-content.ts).
 */
export interface ConversationContent {
  /** The pages the chat is on. */
  origins: readonly string[];
  topics: readonly ConversationTopic[];
  upReasons: readonly string[];
  downReasons: readonly string[];
  downComments: readonly string[];
  helpMessages: readonly string[];
}
