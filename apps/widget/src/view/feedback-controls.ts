import { CHAT_DOWN_REASONS } from '@steward/contract/chat-constants';
import { BOT_LIMITS } from '@steward/contract/bot-limits';
import { ChatCallError, UNREACHABLE_MESSAGE } from '../chat-client.ts';
import type { Rating } from '../conversation-types.ts';
import { h, uniqueId } from './dom.ts';
import { icon } from './icons.ts';

export const FEEDBACK_TEXTS = {
  question: 'Was this answer helpful?',
  up: 'Thumbs up',
  down: 'Thumbs down',
  reasonsLegend: 'What was wrong with it?',
  comment: 'Tell us more (optional)',
  send: 'Send feedback',
  cancel: 'Cancel',
  thanks: 'Thank you for your feedback.',
} as const;

/** Sends a rating (with reasons and a comment for a thumbs down); rejects with a ChatCallError. */
export type SendRating = (rating: Rating, reasons: string[], comment: string) => Promise<void>;

/**
 * Thumbs up and down under an answer. Up is sent at once; down opens the reasons (the contract's
 * CHAT_DOWN_REASONS) and a free text first. A sent rating shows as pressed, and cannot be sent again.
 */
export function feedbackControls(rating: Rating | undefined, send: SendRating): HTMLElement {
  const upButton = h('button', { type: 'button', class: 'icon-button', 'aria-label': FEEDBACK_TEXTS.up, 'aria-pressed': rating === 'up' ? 'true' : 'false' }, icon('thumbUp'));
  const downButton = h('button', { type: 'button', class: 'icon-button', 'aria-label': FEEDBACK_TEXTS.down, 'aria-pressed': rating === 'down' ? 'true' : 'false' }, icon('thumbDown'));
  // Focus goes to the thanks once a rating is sent: the pressed buttons are disabled then.
  const status = h('span', { role: 'status', tabindex: -1 }, rating ? FEEDBACK_TEXTS.thanks : '');
  const error = h('p', { class: 'field-error', role: 'alert' });
  const group = h('div', { class: 'feedback', role: 'group', 'aria-label': FEEDBACK_TEXTS.question }, upButton, downButton, status);
  const container = h('div', {}, group, error);
  let reasonsForm: HTMLFormElement | undefined;

  const setRated = (value: Rating | undefined) => {
    upButton.disabled = value !== undefined;
    downButton.disabled = value !== undefined;
    upButton.setAttribute('aria-pressed', value === 'up' ? 'true' : 'false');
    downButton.setAttribute('aria-pressed', value === 'down' ? 'true' : 'false');
  };
  setRated(rating);

  const submit = async (value: Rating, reasons: string[], comment: string) => {
    error.textContent = '';
    setRated(value);
    try {
      await send(value, reasons, comment);
      reasonsForm?.remove();
      reasonsForm = undefined;
      status.textContent = FEEDBACK_TEXTS.thanks;
      status.focus();
    } catch (failure) {
      setRated(undefined);
      error.textContent = failure instanceof ChatCallError ? failure.message : UNREACHABLE_MESSAGE;
    }
  };

  upButton.addEventListener('click', () => void submit('up', [], ''));
  downButton.addEventListener('click', () => {
    if (reasonsForm) {
      reasonsForm.querySelector('input')?.focus();
      return;
    }
    reasonsForm = downReasonsForm(
      (reasons, comment) => submit('down', reasons, comment),
      () => {
        reasonsForm?.remove();
        reasonsForm = undefined;
        downButton.focus();
      },
    );
    container.insertBefore(reasonsForm, error);
    reasonsForm.querySelector('input')?.focus();
  });
  return container;
}

function downReasonsForm(onSend: (reasons: string[], comment: string) => Promise<void>, onCancel: () => void): HTMLFormElement {
  const checkboxes = CHAT_DOWN_REASONS.map((reason) => {
    const input = h('input', { type: 'checkbox', value: reason });
    return { reason, input, label: h('label', { class: 'check' }, input, reason) };
  });
  const commentId = uniqueId('feedback-comment');
  const comment = h('textarea', { id: commentId, rows: 2, maxlength: BOT_LIMITS.userFeedback });
  const sendButton = h('button', { type: 'submit', class: 'primary' }, FEEDBACK_TEXTS.send);
  const cancelButton = h('button', { type: 'button', class: 'secondary' }, FEEDBACK_TEXTS.cancel);
  const form = h(
    'form',
    { class: 'reasons', 'aria-label': FEEDBACK_TEXTS.reasonsLegend },
    h('fieldset', {}, h('legend', {}, FEEDBACK_TEXTS.reasonsLegend), ...checkboxes.map(({ label }) => label)),
    h('div', {}, h('label', { for: commentId }, FEEDBACK_TEXTS.comment), comment),
    h('div', { class: 'buttons' }, sendButton, cancelButton),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    sendButton.disabled = true;
    const reasons = checkboxes.filter(({ input }) => input.checked).map(({ reason }) => reason);
    void onSend(reasons, comment.value).finally(() => {
      sendButton.disabled = false;
    });
  });
  cancelButton.addEventListener('click', onCancel);
  return form;
}
