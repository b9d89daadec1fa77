import type { AnswerMessage, QuestionMessage, SavedConversation } from './conversation-types.ts';

/** Enough to read back a long conversation; older messages give way so storage stays small. */
export const MAX_SAVED_MESSAGES = 60;
const FORMAT = 1;

/** One key per Steward server, so two bots embedded on one site keep apart. */
export const storageKeyFor = (serverBase: string): string => `steward-chat:${serverBase}`;

/**
 * Keeps the conversation in the host site's localStorage, so it survives page loads on that site.
 * Storage may be missing, full or blocked (private modes, sandboxed frames): the chat still works,
 * it is only forgotten.
 */
export class ConversationStore {
  constructor(
    private readonly key: string,
    private readonly storage: Storage | undefined = safeLocalStorage(),
  ) {}

  load(): SavedConversation {
    const empty: SavedConversation = { sessionId: undefined, messages: [] };
    try {
      const text = this.storage?.getItem(this.key);
      if (!text) return empty;
      const saved = JSON.parse(text) as unknown;
      if (!isRecord(saved) || saved.format !== FORMAT || !Array.isArray(saved.messages)) return empty;
      return {
        sessionId: typeof saved.sessionId === 'string' && saved.sessionId !== '' ? saved.sessionId : undefined,
        messages: saved.messages.filter(isSavedMessage),
      };
    } catch {
      return empty;
    }
  }

  save(conversation: SavedConversation): void {
    const value = { format: FORMAT, sessionId: conversation.sessionId, messages: conversation.messages.slice(-MAX_SAVED_MESSAGES) };
    try {
      this.storage?.setItem(this.key, JSON.stringify(value));
    } catch {
      // Full or blocked storage: the conversation is only forgotten at the next page load.
    }
  }

  clear(): void {
    try {
      this.storage?.removeItem(this.key);
    } catch {
      // As in save().
    }
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Another version of the widget, or another script, may have written the key: keep only what fits. */
function isSavedMessage(value: unknown): value is QuestionMessage | AnswerMessage {
  if (!isRecord(value)) return false;
  if (value.role === 'visitor') return typeof value.text === 'string';
  return (
    value.role === 'bot' &&
    typeof value.html === 'string' &&
    typeof value.historyId === 'number' &&
    typeof value.kind === 'string'
  );
}
