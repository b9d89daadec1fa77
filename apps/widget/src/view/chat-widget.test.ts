import { beforeEach, describe, expect, it } from 'vitest';
import { CHAT_DOWN_REASONS, CHAT_HELP_REQUEST_TEXTS } from '@steward/contract/chat-constants';
import { ChatCallError } from '../chat-client.ts';
import { ConversationStore } from '../conversation-store.ts';
import { FakeChatClient, gate } from '../test/fake-chat-client.ts';
import { accentCss, type ChatWidget, HOST_TAG, mountChatWidget } from './chat-widget.ts';

const STORAGE_KEY = 'widget-test';
let client: FakeChatClient;
let widget: ChatWidget;

const mount = () => mountChatWidget({ client, store: new ConversationStore(STORAGE_KEY), title: 'Ask Acme', greeting: 'Hi there!' });
const shadow = () => {
  const root = widget.host.shadowRoot;
  if (!root) throw new Error('no shadow root');
  return root;
};
const $ = <E extends Element = HTMLElement>(selector: string) => {
  const found = shadow().querySelector<E>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
};
const $$ = (selector: string) => Array.from(shadow().querySelectorAll<HTMLElement>(selector));
const buttonNamed = (name: string) => {
  const found = $$('button').find((button) => (button.getAttribute('aria-label') ?? button.textContent?.trim()) === name);
  if (!found) throw new Error(`no button named ${name}`);
  return found;
};
const launcher = () => $<HTMLButtonElement>('.launcher');
const panel = () => $('.panel');
const question = () => $<HTMLTextAreaElement>('.composer textarea');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function ask(text: string): Promise<void> {
  question().value = text;
  question().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  await settle();
}

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  client = new FakeChatClient();
});

describe('the chat widget', () => {
  it('lives in a shadow root on the page, with a labelled button that opens a labelled dialog', () => {
    widget = mount();
    expect(document.querySelector(HOST_TAG)).toBe(widget.host);
    expect(launcher().textContent).toBe('Ask Acme');
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(panel().hidden).toBe(true);
    expect(panel().getAttribute('role')).toBe('dialog');
    expect($(`#${panel().getAttribute('aria-labelledby') ?? ''}`).textContent).toBe('Ask Acme');
    expect(launcher().getAttribute('aria-controls')).toBe(panel().id);
  });

  it('moves focus into the panel on open, and back to the button on Escape', () => {
    widget = mount();
    launcher().click();
    expect(panel().hidden).toBe(false);
    expect(launcher().getAttribute('aria-expanded')).toBe('true');
    expect(shadow().activeElement).toBe(question());
    expect($(`label[for="${question().id}"]`).textContent).toBe('Your question');

    question().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(panel().hidden).toBe(true);
    expect(shadow().activeElement).toBe(launcher());

    launcher().click();
    buttonNamed('Close chat').click();
    expect(panel().hidden).toBe(true);
  });

  it('shows the greeting, a fun fact while the answer is on its way, then the streamed text', async () => {
    const held = gate();
    client.replies = [{ hold: held.promise, deltas: ['Yes, '] }];
    widget = mount();
    launcher().click();
    expect($('.messages').textContent).toContain('Hi there!');
    await ask('Do you ship?');
    expect($('.message.visitor').textContent).toBe('You: Do you ship?');
    expect($('.pending').textContent).toBe('Did you know that honey never spoils?');
    expect($<HTMLButtonElement>('.composer button[type=submit]').disabled).toBe(true);
    held.open();
    await settle();
    expect($$('.pending')).toHaveLength(0);
    expect($('.message.bot:last-child .answer').innerHTML).toBe('<p>Answer to Do you ship?</p>');
  });

  it('inserts the answer only after sanitising it, with the source it cites as a new-tab link, once, and the support message', async () => {
    client.replies = [
      {
        answer: {
          answer:
            '<p onclick="x()">Free <script>alert(1)</script><a href="javascript:alert(1)">here</a></p>' +
            '<p>Source: <cite><a href="https://shop.example.com/shipping.pdf#page=3">Shipping guide</a>, page 3</cite></p>',
          source_docs: [{ title: 'Shipping guide', source_url: 'https://shop.example.com/shipping.pdf', page: 3 }],
          support_message: 'Still need help? Our team can answer you directly.',
        },
      },
    ];
    widget = mount();
    launcher().click();
    await ask('Shipping?');
    const answer = $('.message.bot:last-child');
    expect(answer.querySelector('.answer p')?.innerHTML).toBe('Free <span>here</span>');
    const links = answer.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]?.textContent).toBe('Shipping guide');
    expect(links[0]?.getAttribute('href')).toBe('https://shop.example.com/shipping.pdf#page=3');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(answer.textContent?.match(/Shipping guide/g)).toHaveLength(1);
    expect(answer.querySelector('.support')?.textContent).toBe('Still need help? Our team can answer you directly.');
  });

  it('announces a new answer in a polite live region', async () => {
    widget = mount();
    launcher().click();
    await ask('Hours?');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect($('[aria-live="polite"]').textContent).toBe('Answer to Hours?');
  });

  it('sends a thumbs down with the chosen reasons and free text, then thanks', async () => {
    widget = mount();
    launcher().click();
    await ask('Size?');
    buttonNamed('Thumbs down').click();
    const reasons = $$('.reasons input[type=checkbox]');
    expect(reasons.map((box) => box.parentElement?.textContent)).toEqual([...CHAT_DOWN_REASONS]);
    expect(shadow().activeElement).toBe(reasons[0]);
    (reasons[0] as HTMLInputElement).checked = true;
    (reasons[2] as HTMLInputElement).checked = true;
    $<HTMLTextAreaElement>('.reasons textarea').value = 'It is 2 litres.';
    buttonNamed('Send feedback').click();
    await settle();
    expect(client.feedback).toEqual([
      { session_id: 'session-1.signature', history_id: 101, rating: 'down', reason: ['Incorrect', 'Incomplete'], user_feedback: 'It is 2 litres.' },
    ]);
    expect($$('.reasons')).toHaveLength(0);
    expect($('.feedback [role=status]').textContent).toBe('Thank you for your feedback.');
    expect(shadow().activeElement).toBe($('.feedback [role=status]'));
    expect(buttonNamed('Thumbs down').getAttribute('aria-pressed')).toBe('true');
    expect((buttonNamed('Thumbs up') as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's message when a rating is refused, and lets the visitor try again", async () => {
    widget = mount();
    launcher().click();
    await ask('Size?');
    client.feedbackError = new ChatCallError('Too many messages: please wait a moment and try again.', 429);
    buttonNamed('Thumbs up').click();
    await settle();
    expect($('.message.bot:last-child [role=alert]').textContent).toBe('Too many messages: please wait a moment and try again.');
    expect((buttonNamed('Thumbs up') as HTMLButtonElement).disabled).toBe(false);
  });

  it('checks the help-request form with the server rules, shows the server refusal, and confirms a sent request', async () => {
    widget = mount();
    launcher().click();
    buttonNamed('Ask our team').click();
    const form = $<HTMLFormElement>('form.help');
    expect($('.view:not([hidden]) form.help')).toBe(form);
    const input = (name: string) => $<HTMLInputElement>(`form.help [name=${name}]`);
    expect(shadow().activeElement).toBe(input('name'));

    input('email').value = 'not-an-email';
    buttonNamed('Send request').click();
    expect($(`#${input('name').getAttribute('aria-describedby') ?? ''}`).textContent).toBe(CHAT_HELP_REQUEST_TEXTS.nameEmpty);
    expect(input('email').getAttribute('aria-invalid')).toBe('true');
    expect($(`#${input('email').getAttribute('aria-describedby') ?? ''}`).textContent).toBe(CHAT_HELP_REQUEST_TEXTS.emailInvalid);
    expect(shadow().activeElement).toBe(input('name'));
    expect(client.helpRequests).toEqual([]);

    input('name').value = 'Ada';
    input('email').value = 'ada@example.com';
    input('message').value = 'Please call me.';
    client.helpRequestError = new ChatCallError('Too many messages: please wait a moment and try again.', 429);
    buttonNamed('Send request').click();
    await settle();
    expect($('form.help [role=alert]').textContent).toBe('Too many messages: please wait a moment and try again.');

    client.helpRequestError = undefined;
    buttonNamed('Send request').click();
    await settle();
    expect(client.helpRequests).toEqual([{ name: 'Ada', email: 'ada@example.com', message: 'Please call me.', origin_url: window.location.href }]);
    expect(form.closest('.view')?.hasAttribute('hidden')).toBe(true);
    expect($('.notice').textContent).toBe('Thank you! Our team has your request and will get back to you by email.');
    expect(shadow().activeElement).toBe(question());
  });

  it('takes a problem away from a help-request field as soon as the visitor fills it, and keeps the others', () => {
    widget = mount();
    launcher().click();
    buttonNamed('Ask our team').click();
    const input = (name: string) => $<HTMLInputElement>(`form.help [name=${name}]`);
    const problemOf = (name: string) => shadow().querySelector(`#${input(name).id}-error`)?.textContent ?? '';
    const type = (name: string, value: string) => {
      input(name).value = value;
      input(name).dispatchEvent(new Event('input', { bubbles: true }));
    };
    buttonNamed('Send request').click();
    expect([problemOf('name'), problemOf('email'), problemOf('message')]).toEqual([
      CHAT_HELP_REQUEST_TEXTS.nameEmpty,
      CHAT_HELP_REQUEST_TEXTS.emailEmpty,
      CHAT_HELP_REQUEST_TEXTS.messageEmpty,
    ]);

    type('name', 'Ada');
    type('email', 'ada@');
    expect(problemOf('name')).toBe('');
    expect(input('name').hasAttribute('aria-invalid')).toBe(false);
    expect(problemOf('email')).toBe(CHAT_HELP_REQUEST_TEXTS.emailInvalid);
    expect(problemOf('message')).toBe(CHAT_HELP_REQUEST_TEXTS.messageEmpty);
    // An autofilled field (a change event, no input event) is checked again too.
    input('message').value = 'Please call me.';
    input('message').dispatchEvent(new Event('change', { bubbles: true }));
    expect(problemOf('message')).toBe('');
    // A field without a problem is not judged while it is being typed.
    type('name', '');
    expect(problemOf('name')).toBe('');
  });

  it('offers the help request under an answer the bot did not know', async () => {
    client.replies = [{ answer: { answer_kind: 'unknown', answer: "<p>I'm sorry, I don't know the answer to that.</p>" } }];
    widget = mount();
    launcher().click();
    await ask('Meaning of life?');
    const offer = $('.message.bot:last-child .inline-link');
    expect(offer.textContent).toBe('Ask our team');
    offer.click();
    expect($('form.help').closest('.view')?.hasAttribute('hidden')).toBe(false);
  });

  it('shows a question refused then sent again once, with its answer and no failure left', async () => {
    client.replies = [{ error: new ChatCallError('Too many messages: please wait a moment and try again.', 429) }];
    widget = mount();
    launcher().click();
    await ask('Do you ship abroad?');
    expect($$('.message').map((message) => message.className)).toEqual(['message bot', 'message visitor', 'message error']);
    await ask('Do you ship abroad?');
    expect($$('.message.visitor').map((message) => message.textContent)).toEqual(['You: Do you ship abroad?']);
    expect($$('.message.error')).toEqual([]);
    expect($$('.message.bot .answer').map((answer) => answer.textContent)).toEqual(['Answer to Do you ship abroad?']);
  });

  it('refuses an empty question with a message tied to the box', async () => {
    widget = mount();
    launcher().click();
    await ask('   ');
    expect(client.asked).toEqual([]);
    expect(question().getAttribute('aria-invalid')).toBe('true');
    expect($(`#${question().getAttribute('aria-describedby') ?? ''}`).textContent).toBe('Please type a question.');
  });

  it('restores the conversation, and its ratings, after a page load', async () => {
    widget = mount();
    launcher().click();
    await ask('First?');
    buttonNamed('Thumbs up').click();
    await settle();
    widget.host.remove();

    widget = mount();
    expect($$('.message.visitor').map((message) => message.textContent)).toEqual(['You: First?']);
    expect($('.message.bot:last-child .answer').textContent).toBe('Answer to First?');
    expect(buttonNamed('Thumbs up').getAttribute('aria-pressed')).toBe('true');
    await ask('Second?');
    expect(client.asked[1]?.session_id).toBe('session-1.signature');
  });
});

describe('Bot Settings look', () => {
  it('offers the suggested questions until the first question; one click asks it', async () => {
    widget = mountChatWidget({ client, store: new ConversationStore(STORAGE_KEY), title: 'Ask Acme', greeting: 'Hi there!', suggestedQuestions: ['How long do refunds take?', 'Do you ship abroad?'] });
    widget.open();
    const group = $('[role="group"][aria-label="Suggested questions"]');
    expect(Array.from(group.querySelectorAll('button')).map((button) => button.textContent)).toEqual(['How long do refunds take?', 'Do you ship abroad?']);
    buttonNamed('Do you ship abroad?').click();
    await settle();
    expect(client.asked.map((request) => request.message)).toEqual(['Do you ship abroad?']);
    expect($$('.suggestions')).toHaveLength(0);
  });

  it('paints the accent with readable text on it, and ignores a malformed colour', () => {
    expect(accentCss('#7a2e9c')).toBe(':host { --brand: #7a2e9c; --brand-text: #ffffff; }');
    expect(accentCss('#f5d90a')).toBe(':host { --brand: #f5d90a; --brand-text: #111418; }');
    expect(accentCss('red; } body { display: none')).toBe('');
  });
});
