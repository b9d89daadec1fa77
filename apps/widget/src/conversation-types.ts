import type { ChatAnswerKind } from '@steward/contract/chat-constants';

export interface QuestionMessage {
  role: 'visitor';
  text: string;
  /** The server refused it (or could not be reached): shown with the failure, never kept across page loads. */
  refused?: true;
}

export type Rating = 'up' | 'down';

export interface AnswerMessage {
  role: 'bot';
  /** The server's sanitised HTML (sanitised again when shown). */
  html: string;
  historyId: number;
  kind: ChatAnswerKind;
  supportMessage?: string;
  /** The visitor's thumbs up or down, once sent. */
  rating?: Rating;
}

/** A call that failed: its message is shown in the conversation, but not kept across page loads. */
export interface ErrorMessage {
  role: 'error';
  text: string;
}

export type ChatMessage = QuestionMessage | AnswerMessage | ErrorMessage;

/** What survives a page load: the server's session id and the conversation so far. */
export interface SavedConversation {
  sessionId: string | undefined;
  messages: (QuestionMessage | AnswerMessage)[];
}
