import { BOT_LIMITS } from '@steward/contract/bot-limits';
import { CHAT_LIMITS, CHAT_TEXTS } from '@steward/contract/chat-constants';
import { ChatCallError, type ChatClient, UNREACHABLE_MESSAGE } from './chat-client.ts';
import type { ConversationStore } from './conversation-store.ts';
import type { AnswerMessage, ChatMessage, QuestionMessage, Rating } from './conversation-types.ts';

export type ConversationChange =
  | { type: 'added'; message: ChatMessage }
  | { type: 'updated'; index: number; message: ChatMessage }
  /** The messages from `index` on are gone (a refused question asked again, with its failure). */
  | { type: 'removed'; index: number }
  /** The answer on its way: undefined when none; '' before the first streamed piece. */
  | { type: 'pending'; streamedText: string | undefined };

export interface HelpRequestFields {
  name: string;
  email: string;
  message: string;
}

/** Why a question cannot be sent, or undefined when it can (the server's own rule and text). */
export function questionProblem(text: string): string | undefined {
  if (text.trim() === '') return 'Please type a question.';
  if (text.length > CHAT_LIMITS.message) return CHAT_TEXTS.messageTooLong;
  return undefined;
}

/** The page's address when it is one the server accepts (http or https, not too long), else nothing. */
export function pageAddress(location: Pick<Location, 'href' | 'protocol'> = window.location): string | undefined {
  const web = location.protocol === 'http:' || location.protocol === 'https:';
  return web && location.href.length <= BOT_LIMITS.url ? location.href : undefined;
}

/**
 * The conversation with the bot: its messages, the answer on its way and the session id, kept in the
 * store after every change. Views listen to its changes; it knows nothing of the DOM.
 */
export class Conversation {
  private sessionId: string | undefined;
  private readonly messageList: ChatMessage[];
  private streamedText: string | undefined;
  private readonly listeners = new Set<(change: ConversationChange) => void>();

  constructor(
    private readonly client: ChatClient,
    private readonly store: ConversationStore,
  ) {
    const saved = store.load();
    this.sessionId = saved.sessionId;
    this.messageList = [...saved.messages];
  }

  get messages(): readonly ChatMessage[] {
    return this.messageList;
  }

  /** True while an answer is on its way: one question at a time. */
  get busy(): boolean {
    return this.streamedText !== undefined;
  }

  subscribe(listener: (change: ConversationChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends a question (checked with questionProblem first) and adds the answer, or the failure's message. */
  async ask(text: string, origin = pageAddress()): Promise<void> {
    if (this.busy || questionProblem(text) !== undefined) return;
    this.forgetRefused(text);
    const questionIndex = this.messageList.length;
    this.add({ role: 'visitor', text });
    this.setStreamed('');
    try {
      const answer = await this.askKeepingSession(text, origin);
      this.sessionId = answer.session_id;
      this.setStreamed(undefined);
      this.add({
        role: 'bot',
        html: answer.answer,
        historyId: answer.history_id,
        kind: answer.answer_kind,
        ...(answer.support_message ? { supportMessage: answer.support_message } : {}),
      });
    } catch (error) {
      this.setStreamed(undefined);
      this.messageList[questionIndex] = { role: 'visitor', text, refused: true };
      this.add({ role: 'error', text: error instanceof ChatCallError ? error.message : UNREACHABLE_MESSAGE });
    }
  }

  /** Rates the answer at `index`; a failure throws a ChatCallError for the view to show. */
  async rate(index: number, rating: Rating, reasons: string[] = [], comment = ''): Promise<void> {
    const message = this.messageList[index];
    if (message?.role !== 'bot' || !this.sessionId) throw new ChatCallError(CHAT_TEXTS.badSession);
    await this.client.sendFeedback({
      session_id: this.sessionId,
      history_id: message.historyId,
      rating,
      ...(reasons.length > 0 ? { reason: reasons } : {}),
      ...(comment.trim() !== '' ? { user_feedback: comment.trim() } : {}),
    });
    const rated: AnswerMessage = { ...message, rating };
    this.messageList[index] = rated;
    this.save();
    this.emit({ type: 'updated', index, message: rated });
  }

  /** Sends a help request with this conversation's session; a refusal throws a ChatCallError. */
  async requestHelp(fields: HelpRequestFields, origin = pageAddress()): Promise<void> {
    await this.client.sendHelpRequest({
      ...(this.sessionId ? { session_id: this.sessionId } : {}),
      name: fields.name,
      email: fields.email.trim(),
      message: fields.message,
      ...(origin ? { origin_url: origin } : {}),
    });
  }

  private async askKeepingSession(text: string, origin: string | undefined) {
    const request = (sessionId: string | undefined) => ({
      ...(sessionId ? { session_id: sessionId } : {}),
      message: text,
      ...(origin ? { origin } : {}),
    });
    const onDelta = (piece: string) => this.setStreamed((this.streamedText ?? '') + piece);
    try {
      return await this.client.ask(request(this.sessionId), onDelta);
    } catch (error) {
      // A session the server no longer accepts (its secret changed, say): start a new one, once.
      if (!(error instanceof ChatCallError) || error.message !== CHAT_TEXTS.badSession || !this.sessionId) throw error;
      this.sessionId = undefined;
      this.setStreamed('');
      return this.client.ask(request(undefined), onDelta);
    }
  }

  /**
   * The same question sent again right after it was refused (a rate limit, an outage) replaces the refused one and
   * its failure, so the transcript shows it once.
   */
  private forgetRefused(text: string): void {
    const index = this.messageList.length - 2;
    const refused = this.messageList[index];
    if (refused?.role !== 'visitor' || !refused.refused || refused.text.trim() !== text.trim()) return;
    if (this.messageList[index + 1]?.role !== 'error') return;
    this.messageList.splice(index);
    this.emit({ type: 'removed', index });
  }

  private add(message: ChatMessage): void {
    this.messageList.push(message);
    this.save();
    this.emit({ type: 'added', message });
  }

  private setStreamed(text: string | undefined): void {
    this.streamedText = text;
    this.emit({ type: 'pending', streamedText: text });
  }

  private save(): void {
    const kept = this.messageList.filter(
      (message): message is QuestionMessage | AnswerMessage => message.role === 'bot' || (message.role === 'visitor' && !message.refused),
    );
    this.store.save({ sessionId: this.sessionId, messages: kept });
  }

  private emit(change: ConversationChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
