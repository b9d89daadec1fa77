import { BOT_LIMITS } from '@steward/contract/bot-limits';
import { MAX_EMAIL_LENGTH } from '@steward/contract/email-address';
import { ChatCallError, UNREACHABLE_MESSAGE } from '../chat-client.ts';
import type { HelpRequestFields } from '../conversation.ts';
import { helpRequestProblems } from '../help-request-check.ts';
import { h, uniqueId } from './dom.ts';

export const HELP_TEXTS = {
  heading: 'Ask our team',
  intro: "Leave your name, email and question, and we'll get back to you by email.",
  name: 'Name',
  email: 'Email',
  message: 'Message',
  send: 'Send request',
  sending: 'Sending...',
  back: 'Back to chat',
  sent: "Thank you! Our team has your request and will get back to you by email.",
} as const;

/** Sends the request; rejects with a ChatCallError whose message the form shows. */
export type SendHelpRequest = (fields: HelpRequestFields) => Promise<void>;

export interface HelpRequestForm {
  element: HTMLElement;
  /** Empties the messages (not the fields) and focuses the first field. */
  focus(): void;
}

/**
 * The help-request form: name, email and message, checked with the server's rules before sending
 * (each problem under its field, the first invalid field focused, and checked again as that field changes);
 * the server's refusal shows above.
 */
export function helpRequestForm(send: SendHelpRequest, onSent: () => void, onBack: () => void): HelpRequestForm {
  const headingId = uniqueId('help-heading');
  const fields = {
    name: field('name', HELP_TEXTS.name, h('input', { type: 'text', autocomplete: 'name', maxlength: BOT_LIMITS.name })),
    email: field('email', HELP_TEXTS.email, h('input', { type: 'email', autocomplete: 'email', maxlength: MAX_EMAIL_LENGTH })),
    message: field('message', HELP_TEXTS.message, h('textarea', { rows: 4, maxlength: BOT_LIMITS.helpMessage })),
  };
  const alert = h('div', { class: 'alert', role: 'alert' });
  const sendButton = h('button', { type: 'submit', class: 'primary' }, HELP_TEXTS.send);
  const backButton = h('button', { type: 'button', class: 'secondary' }, HELP_TEXTS.back);
  const form = h(
    'form',
    { class: 'help', 'aria-labelledby': headingId, novalidate: true },
    h('h3', { id: headingId }, HELP_TEXTS.heading),
    h('p', {}, HELP_TEXTS.intro),
    alert,
    fields.name.wrapper,
    fields.email.wrapper,
    fields.message.wrapper,
    h('div', { class: 'buttons' }, sendButton, backButton),
  );

  const values = (): HelpRequestFields => ({ name: fields.name.input.value, email: fields.email.input.value, message: fields.message.input.value });
  const clearMessages = () => {
    alert.textContent = '';
    for (const each of Object.values(fields)) each.setProblem(undefined);
  };
  // A problem shown under a field follows what is typed there (autofill and paste included), so a field
  // the visitor has filled since the last "Send request" never keeps its "must not be empty".
  for (const name of Object.keys(fields) as (keyof HelpRequestFields)[]) {
    const recheck = () => {
      if (fields[name].hasProblem()) fields[name].setProblem(helpRequestProblems(values())[name]);
    };
    fields[name].input.addEventListener('input', recheck);
    fields[name].input.addEventListener('change', recheck);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearMessages();
    const problems = helpRequestProblems(values());
    const invalid = (Object.keys(fields) as (keyof HelpRequestFields)[]).filter((name) => problems[name] !== undefined);
    if (invalid.length > 0) {
      for (const name of invalid) fields[name].setProblem(problems[name]);
      fields[invalid[0] as keyof HelpRequestFields].input.focus();
      return;
    }
    sendButton.disabled = true;
    sendButton.textContent = HELP_TEXTS.sending;
    send(values())
      .then(() => {
        for (const each of Object.values(fields)) each.input.value = '';
        onSent();
      })
      .catch((failure: unknown) => {
        alert.textContent = failure instanceof ChatCallError ? failure.message : UNREACHABLE_MESSAGE;
      })
      .finally(() => {
        sendButton.disabled = false;
        sendButton.textContent = HELP_TEXTS.send;
      });
  });
  backButton.addEventListener('click', onBack);

  return {
    element: form,
    focus: () => {
      clearMessages();
      fields.name.input.focus();
    },
  };
}

function field(name: string, label: string, input: HTMLInputElement | HTMLTextAreaElement) {
  const id = uniqueId(`help-${name}`);
  const errorId = `${id}-error`;
  input.id = id;
  input.name = name;
  input.required = true;
  const error = h('p', { class: 'field-error', id: errorId });
  return {
    input,
    wrapper: h('div', {}, h('label', { for: id }, label), input, error),
    hasProblem: () => (error.textContent ?? '') !== '',
    setProblem(problem: string | undefined) {
      error.textContent = problem ?? '';
      if (problem) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', errorId);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    },
  };
}
