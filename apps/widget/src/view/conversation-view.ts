import { CHAT_LIMITS, funFactPreview } from '@steward/contract/chat-constants';
import { type Conversation, type ConversationChange, questionProblem } from '../conversation.ts';
import type { AnswerMessage, ChatMessage } from '../conversation-types.ts';
import { feedbackControls } from './feedback-controls.ts';
import { h, uniqueId } from './dom.ts';
import { icon } from './icons.ts';
import { answerText, messageView } from './message-view.ts';

export const CONVERSATION_TEXTS = {
  conversation: 'Conversation',
  question: 'Your question',
  placeholder: 'Type your question…',
  send: 'Send',
  thinking: 'Looking for the answer…',
  askTeam: 'Ask our team',
  suggestions: 'Suggested questions',
} as const;

/** How often the fun fact changes while an answer takes its time. */
const FUN_FACT_EVERY_MS = 6_000;

export interface ConversationViewOptions {
  conversation: Conversation;
  greeting: string;
  /** Offered as buttons under the greeting until the visitor's first question (Bot Settings). */
  suggestedQuestions?: readonly string[];
  /** The fun facts, fetched once on first use. */
  funFacts: () => Promise<string[]>;
  /** The polite live region where new answers are announced. */
  announce: (text: string) => void;
  openHelpRequest: () => void;
}

export interface ConversationView {
  element: HTMLElement;
  /** Focuses the question box. */
  focus(): void;
  /** A line under the conversation (the help request's confirmation), announced too. */
  showNotice(text: string): void;
}

/** The messages, the answer on its way (fun facts, then the streamed text), and the question box. */
export function conversationView(options: ConversationViewOptions): ConversationView {
  const { conversation } = options;
  const messages = h('div', { class: 'messages', role: 'region', 'aria-label': CONVERSATION_TEXTS.conversation, tabindex: 0 });
  messages.appendChild(h('div', { class: 'message bot' }, options.greeting));
  const render = (message: ChatMessage, index: number) =>
    messageView(message, {
      feedback: (answer: AnswerMessage) =>
        feedbackControls(answer.rating, (rating, reasons, comment) => conversation.rate(index, rating, reasons, comment)),
      askTeam: options.openHelpRequest,
    });
  // One element per message of the conversation, in order (the greeting and the pending bubble are not among them).
  const rendered = conversation.messages.map((message, index) => messages.appendChild(render(message, index)));

  const questionId = uniqueId('question');
  const errorId = `${questionId}-error`;
  const question = h('textarea', { id: questionId, rows: 2, placeholder: CONVERSATION_TEXTS.placeholder, maxlength: CHAT_LIMITS.message });
  const sendButton = h('button', { type: 'submit', class: 'primary send' }, icon('send'), CONVERSATION_TEXTS.send);
  const questionError = h('p', { class: 'field-error', id: errorId });
  const composer = h(
    'form',
    { class: 'composer', 'aria-label': CONVERSATION_TEXTS.question },
    h('label', { for: questionId, class: 'visually-hidden' }, CONVERSATION_TEXTS.question),
    question,
    sendButton,
  );
  const notice = h('p', { class: 'notice' });
  const askTeam = h('button', { type: 'button', class: 'inline-link' }, CONVERSATION_TEXTS.askTeam);
  askTeam.addEventListener('click', options.openHelpRequest);
  // A new conversation offers Bot Settings' suggested questions; one click asks it, and they go.
  const suggestions = h('div', { class: 'suggestions', role: 'group', 'aria-label': CONVERSATION_TEXTS.suggestions });
  for (const suggested of conversation.messages.length === 0 ? (options.suggestedQuestions ?? []) : []) {
    const button = h('button', { type: 'button', class: 'suggestion' }, suggested);
    button.addEventListener('click', () => {
      if (conversation.busy) return;
      suggestions.remove();
      void conversation.ask(suggested);
    });
    suggestions.appendChild(button);
  }
  const element = h(
    'div',
    { class: 'view' },
    messages,
    ...(suggestions.childElementCount > 0 ? [suggestions] : []),
    notice,
    composer,
    h('div', { class: 'footer' }, questionError, askTeam),
  );

  const setProblem = (problem: string | undefined) => {
    questionError.textContent = problem ?? '';
    if (problem) {
      question.setAttribute('aria-invalid', 'true');
      question.setAttribute('aria-describedby', errorId);
    } else {
      question.removeAttribute('aria-invalid');
      question.removeAttribute('aria-describedby');
    }
  };
  const submit = () => {
    if (conversation.busy) return;
    const text = question.value;
    const problem = questionProblem(text);
    setProblem(problem);
    if (problem) return;
    notice.textContent = '';
    question.value = '';
    suggestions.remove();
    void conversation.ask(text);
  };
  composer.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  question.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });

  const pending = pendingAnswer(options.funFacts);
  conversation.subscribe((change: ConversationChange) => {
    if (change.type === 'pending') {
      sendButton.disabled = change.streamedText !== undefined;
      pending.show(change.streamedText, messages);
    } else if (change.type === 'added') {
      const index = conversation.messages.length - 1;
      const added = messages.appendChild(render(change.message, index));
      rendered.push(added);
      if (change.message.role === 'bot') {
        options.announce(answerText(change.message));
        // A long answer is read from its start.
        messages.scrollTop = added.offsetTop - 8;
        return;
      }
      if (change.message.role === 'error') options.announce(change.message.text);
    } else if (change.type === 'removed') {
      for (const gone of rendered.splice(change.index)) gone.remove();
      return;
    } else {
      // A rating: its controls already show it, and re-rendering would move the focus.
      return;
    }
    messages.scrollTop = messages.scrollHeight;
  });

  return {
    element,
    focus: () => question.focus(),
    showNotice: (text) => {
      notice.textContent = text;
      options.announce(text);
    },
  };
}

/** The bubble of the answer on its way: a fun fact (changing now and then) until the first piece of text arrives. */
function pendingAnswer(loadFunFacts: () => Promise<string[]>) {
  const bubble = h('div', { class: 'message bot pending', 'aria-busy': 'true' });
  let timer: ReturnType<typeof setInterval> | undefined;
  let facts: string[] = [];
  let next = 0;
  const showFact = () => {
    const fact = facts[next % Math.max(facts.length, 1)];
    next += 1;
    bubble.textContent = fact ? funFactPreview(fact) : CONVERSATION_TEXTS.thinking;
  };
  const stopFacts = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  return {
    show(streamedText: string | undefined, messages: HTMLElement) {
      if (streamedText === undefined) {
        stopFacts();
        bubble.remove();
        return;
      }
      if (!bubble.isConnected) messages.appendChild(bubble);
      if (streamedText !== '') {
        stopFacts();
        bubble.classList.add('streaming');
        bubble.textContent = streamedText;
        return;
      }
      bubble.classList.remove('streaming');
      if (timer !== undefined) return;
      showFact();
      timer = setInterval(showFact, FUN_FACT_EVERY_MS);
      void loadFunFacts()
        .then((loaded) => {
          if (facts.length > 0 || loaded.length === 0) return;
          facts = loaded;
          next = Math.floor(Math.random() * loaded.length);
          if (timer !== undefined) showFact();
        })
        .catch(() => undefined);
    },
  };
}
