import type { WidgetAppearance } from '@steward/contract/chat-constants';
import type { ChatAnswer, ChatAskRequest, ChatFeedbackRequest, ChatHelpRequest } from '@steward/contract/chat';
import type { ChatClient } from '../chat-client.ts';

/** One scripted reply of the fake: streamed pieces, then the answer (or an error thrown). */
export interface ScriptedReply {
  deltas?: string[];
  answer?: Partial<ChatAnswer>;
  error?: Error;
  /** Holds the reply until the test resolves this promise. */
  hold?: Promise<void>;
}

/** A ChatClient that records calls and answers from a script, for the widget's tests. */
export class FakeChatClient implements ChatClient {
  readonly asked: ChatAskRequest[] = [];
  readonly feedback: ChatFeedbackRequest[] = [];
  readonly helpRequests: ChatHelpRequest[] = [];
  replies: ScriptedReply[] = [];
  facts: string[] = ['honey never spoils'];
  feedbackError: Error | undefined;
  helpRequestError: Error | undefined;
  private nextHistoryId = 100;

  async ask(request: ChatAskRequest, onDelta: (text: string) => void): Promise<ChatAnswer> {
    this.asked.push(request);
    const reply = this.replies.shift() ?? {};
    if (reply.hold) await reply.hold;
    for (const delta of reply.deltas ?? []) onDelta(delta);
    if (reply.error) throw reply.error;
    this.nextHistoryId += 1;
    return {
      session_id: request.session_id ?? 'session-1.signature',
      history_id: this.nextHistoryId,
      answer: `<p>Answer to ${request.message}</p>`,
      answer_kind: 'extractive',
      source_docs: [],
      ...reply.answer,
    };
  }

  async sendFeedback(request: ChatFeedbackRequest): Promise<void> {
    if (this.feedbackError) throw this.feedbackError;
    this.feedback.push(request);
  }

  async sendHelpRequest(request: ChatHelpRequest): Promise<void> {
    if (this.helpRequestError) throw this.helpRequestError;
    this.helpRequests.push(request);
  }

  async funFacts(): Promise<string[]> {
    return this.facts;
  }

  /** What the appearance call answers (Bot Settings' look). */
  savedAppearance: Partial<WidgetAppearance> = {};

  async appearance(): Promise<Partial<WidgetAppearance>> {
    return this.savedAppearance;
  }
}

/** A promise with its resolve function, to hold a reply. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
