import type { AnswerMessage, ChatMessage } from '../conversation-types.ts';
import { sanitiseHtml } from '../sanitise-html.ts';
import { h, hiddenText } from './dom.ts';

export const MESSAGE_TEXTS = {
  visitor: 'You:',
  bot: 'Answer:',
  askTeam: 'Ask our team',
} as const;

export interface AnswerExtras {
  /** The feedback controls under an answer. */
  feedback: (message: AnswerMessage) => HTMLElement;
  /** Opens the help-request form: offered under an answer the bot did not know. */
  askTeam: () => void;
}

/** One message of the conversation, as the visitor sees it. */
export function messageView(message: ChatMessage, extras: AnswerExtras): HTMLElement {
  if (message.role === 'visitor') return h('div', { class: 'message visitor' }, hiddenText(`${MESSAGE_TEXTS.visitor} `), message.text);
  if (message.role === 'error') return h('div', { class: 'message error' }, message.text);
  const answer = h('div', { class: 'answer' });
  answer.appendChild(sanitiseHtml(message.html));
  // Offered when the bot did not know, and with the support message ("Still need help? …").
  const askTeam = message.kind === 'unknown' || message.supportMessage ? h('button', { type: 'button', class: 'inline-link' }, MESSAGE_TEXTS.askTeam) : undefined;
  askTeam?.addEventListener('click', extras.askTeam);
  return h(
    'div',
    { class: 'message bot' },
    hiddenText(MESSAGE_TEXTS.bot),
    // The answer cites its sources itself (a line under a quoted answer, a numbered list under an LLM's).
    answer,
    message.supportMessage ? h('p', { class: 'support' }, message.supportMessage) : undefined,
    askTeam,
    extras.feedback(message),
  );
}

/** The plain text of an answer, for the live region. */
export function answerText(message: AnswerMessage): string {
  return (sanitiseHtml(message.html).textContent ?? '').replace(/\s+/g, ' ').trim();
}
