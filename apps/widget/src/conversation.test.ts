import { CHAT_LIMITS, CHAT_TEXTS } from '@steward/contract/chat-constants';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChatCallError } from './chat-client.ts';
import { Conversation, type ConversationChange, pageAddress, questionProblem } from './conversation.ts';
import { ConversationStore } from './conversation-store.ts';
import { FakeChatClient, gate } from './test/fake-chat-client.ts';

const PAGE = 'https://shop.example.com/kettles';

describe('Conversation', () => {
  let client: FakeChatClient;
  let store: ConversationStore;
  beforeEach(() => {
    localStorage.clear();
    client = new FakeChatClient();
    store = new ConversationStore('test');
  });

  it('asks, keeps the answer and the session id, and sends the session with the next question', async () => {
    const conversation = new Conversation(client, store);
    await conversation.ask('Do you ship abroad?', PAGE);
    await conversation.ask('How long does it take?', PAGE);
    expect(client.asked).toEqual([
      { message: 'Do you ship abroad?', origin: PAGE },
      { session_id: 'session-1.signature', message: 'How long does it take?', origin: PAGE },
    ]);
    expect(conversation.messages.map((message) => message.role)).toEqual(['visitor', 'bot', 'visitor', 'bot']);
    expect(store.load()).toEqual({ sessionId: 'session-1.signature', messages: conversation.messages });
  });

  it('comes back as it was saved, session included', async () => {
    await new Conversation(client, store).ask('Hello?', PAGE);
    const reloaded = new Conversation(client, store);
    expect(reloaded.messages).toHaveLength(2);
    await reloaded.ask('Again', PAGE);
    expect(client.asked[1]?.session_id).toBe('session-1.signature');
  });

  it('reports the answer on its way, piece by piece, and is busy meanwhile', async () => {
    const held = gate();
    client.replies = [{ deltas: ['Yes', ', we do.'], hold: held.promise, answer: { answer: '<p>Yes, we do.</p>', support_message: 'Still need help?' } }];
    const conversation = new Conversation(client, store);
    const changes: ConversationChange[] = [];
    conversation.subscribe((change) => changes.push(change));
    const asking = conversation.ask('Ship?', PAGE);
    expect(conversation.busy).toBe(true);
    await conversation.ask('A second question at once is ignored', PAGE);
    held.open();
    await asking;
    expect(conversation.busy).toBe(false);
    expect(changes.map((change) => (change.type === 'pending' ? `pending:${change.streamedText}` : change.type === 'removed' ? 'removed' : `${change.type}:${change.message.role}`))).toEqual([
      'added:visitor',
      'pending:',
      'pending:Yes',
      'pending:Yes, we do.',
      'pending:undefined',
      'added:bot',
    ]);
    expect(conversation.messages[1]).toMatchObject({ role: 'bot', html: '<p>Yes, we do.</p>', supportMessage: 'Still need help?' });
    expect(client.asked).toHaveLength(1);
  });

  it("shows a failure's message in the conversation, but does not keep it across page loads", async () => {
    client.replies = [{ error: new ChatCallError(CHAT_TEXTS.tooManyRequests, 429) }];
    const conversation = new Conversation(client, store);
    await conversation.ask('Hi', PAGE);
    expect(conversation.messages.at(-1)).toEqual({ role: 'error', text: CHAT_TEXTS.tooManyRequests });
    // Neither the failure nor the question it refused: after a reload, asking again would show the question twice.
    expect(store.load().messages).toEqual([]);
  });

  it('shows a refused question once when the visitor sends it again, answered', async () => {
    client.replies = [{ error: new ChatCallError(CHAT_TEXTS.tooManyRequests, 429) }];
    const conversation = new Conversation(client, store);
    const changes: ConversationChange[] = [];
    conversation.subscribe((change) => changes.push(change));
    await conversation.ask('Do you ship abroad?', PAGE);
    await conversation.ask('Do you ship abroad?', PAGE);
    expect(conversation.messages.map((message) => (message.role === 'bot' ? 'bot' : `${message.role}:${message.text}`))).toEqual([
      'visitor:Do you ship abroad?',
      'bot',
    ]);
    expect(changes.filter((change) => change.type === 'removed')).toEqual([{ type: 'removed', index: 0 }]);
    expect(new Conversation(client, store).messages).toEqual(conversation.messages);
  });

  it('keeps a refused question in view when the next question is another one', async () => {
    client.replies = [{ error: new ChatCallError(CHAT_TEXTS.tooManyRequests, 429) }];
    const conversation = new Conversation(client, store);
    await conversation.ask('Do you ship abroad?', PAGE);
    await conversation.ask('What does shipping cost?', PAGE);
    expect(conversation.messages.map((message) => message.role)).toEqual(['visitor', 'error', 'visitor', 'bot']);
    expect(store.load().messages.map((message) => message.role === 'visitor' && message.text)).toEqual(['What does shipping cost?', false]);
  });

  it('starts a new session, once, when the server no longer accepts the saved one', async () => {
    store.save({ sessionId: 'old.session', messages: [] });
    client.replies = [{ error: new ChatCallError(CHAT_TEXTS.badSession, 403) }];
    const conversation = new Conversation(client, store);
    await conversation.ask('Hi', PAGE);
    expect(client.asked.map((request) => request.session_id)).toEqual(['old.session', undefined]);
    expect(store.load().sessionId).toBe('session-1.signature');
  });

  it('rates an answer of the session with reasons and a comment, and remembers the rating', async () => {
    const conversation = new Conversation(client, store);
    await conversation.ask('Hi', PAGE);
    await conversation.rate(1, 'down', ['Incorrect', 'Incomplete'], '  Wrong size.  ');
    expect(client.feedback).toEqual([
      { session_id: 'session-1.signature', history_id: 101, rating: 'down', reason: ['Incorrect', 'Incomplete'], user_feedback: 'Wrong size.' },
    ]);
    expect(new Conversation(client, store).messages[1]).toMatchObject({ rating: 'down' });
  });

  it('lets a refused rating throw, unrated', async () => {
    const conversation = new Conversation(client, store);
    await conversation.ask('Hi', PAGE);
    client.feedbackError = new ChatCallError(CHAT_TEXTS.feedbackForeignRow, 403);
    await expect(conversation.rate(1, 'up')).rejects.toThrow(CHAT_TEXTS.feedbackForeignRow);
    expect(conversation.messages[1]).not.toHaveProperty('rating');
  });

  it('sends a help request with the session and the page, the email trimmed', async () => {
    const conversation = new Conversation(client, store);
    await conversation.requestHelp({ name: 'Ada', email: ' ada@example.com ', message: 'Call me' }, PAGE);
    await conversation.ask('Hi', PAGE);
    await conversation.requestHelp({ name: 'Ada', email: 'ada@example.com', message: 'Again' }, PAGE);
    expect(client.helpRequests).toEqual([
      { name: 'Ada', email: 'ada@example.com', message: 'Call me', origin_url: PAGE },
      { session_id: 'session-1.signature', name: 'Ada', email: 'ada@example.com', message: 'Again', origin_url: PAGE },
    ]);
  });
});

describe('questionProblem', () => {
  it('refuses blank and too long questions with the server text', () => {
    expect(questionProblem('  \n')).toBe('Please type a question.');
    expect(questionProblem('q'.repeat(CHAT_LIMITS.message + 1))).toBe(CHAT_TEXTS.messageTooLong);
    expect(questionProblem('q'.repeat(CHAT_LIMITS.message))).toBeUndefined();
  });
});

describe('pageAddress', () => {
  it('sends the page address only when the server accepts it (http or https)', () => {
    expect(pageAddress({ href: PAGE, protocol: 'https:' })).toBe(PAGE);
    expect(pageAddress({ href: 'file:///tmp/page.html', protocol: 'file:' })).toBeUndefined();
    // The server refuses longer addresses: the question goes without one.
    expect(pageAddress({ href: `${PAGE}?q=${'x'.repeat(2048)}`, protocol: 'https:' })).toBeUndefined();
  });
});
