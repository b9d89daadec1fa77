import { beforeEach, describe, expect, it } from 'vitest';
import { ConversationStore, MAX_SAVED_MESSAGES, storageKeyFor } from './conversation-store.ts';
import type { AnswerMessage, QuestionMessage } from './conversation-types.ts';

const question: QuestionMessage = { role: 'visitor', text: 'Do you ship abroad?' };
const answer: AnswerMessage = {
  role: 'bot',
  html: '<p>Yes.</p>',
  historyId: 12,
  kind: 'extractive',
};

describe('ConversationStore', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the session id and the messages across page loads, under a key of the Steward server', () => {
    const key = storageKeyFor('https://steward.example.com/');
    new ConversationStore(key).save({ sessionId: 'abc.sig', messages: [question, answer] });
    expect(key).toBe('steward-chat:https://steward.example.com/');
    expect(new ConversationStore(key).load()).toEqual({ sessionId: 'abc.sig', messages: [question, answer] });
  });

  it('keeps two Steward servers apart on one site', () => {
    new ConversationStore(storageKeyFor('https://one.example.com/')).save({ sessionId: 'one', messages: [question] });
    expect(new ConversationStore(storageKeyFor('https://two.example.com/')).load()).toEqual({ sessionId: undefined, messages: [] });
  });

  it('starts empty from nothing, from broken JSON, from another format, and skips messages it does not know', () => {
    const store = new ConversationStore('key');
    expect(store.load()).toEqual({ sessionId: undefined, messages: [] });
    localStorage.setItem('key', '{not json');
    expect(store.load()).toEqual({ sessionId: undefined, messages: [] });
    localStorage.setItem('key', JSON.stringify({ format: 99, sessionId: 's', messages: [question] }));
    expect(store.load()).toEqual({ sessionId: undefined, messages: [] });
    localStorage.setItem('key', JSON.stringify({ format: 1, sessionId: 's', messages: [question, { role: 'bot', html: 1 }, { role: 'system' }, null, answer] }));
    expect(store.load()).toEqual({ sessionId: 's', messages: [question, answer] });
  });

  it(`keeps the last ${MAX_SAVED_MESSAGES} messages only`, () => {
    const store = new ConversationStore('key');
    const many = Array.from({ length: MAX_SAVED_MESSAGES + 5 }, (_, index): QuestionMessage => ({ role: 'visitor', text: `q${index}` }));
    store.save({ sessionId: 's', messages: many });
    const loaded = store.load().messages;
    expect(loaded).toHaveLength(MAX_SAVED_MESSAGES);
    expect(loaded[0]).toEqual({ role: 'visitor', text: 'q5' });
  });

  it('works, forgetting only, when storage is blocked or full', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    const store = new ConversationStore('key', blocked);
    expect(() => store.save({ sessionId: 's', messages: [question] })).not.toThrow();
    expect(store.load()).toEqual({ sessionId: undefined, messages: [] });
    expect(() => store.clear()).not.toThrow();
  });
});
