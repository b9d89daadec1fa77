import { describe, expect, it } from 'vitest';
import { chatSessionIds } from './chat-session-ids.ts';

describe('chat session ids', () => {
  const ids = chatSessionIds('server-key-one');

  it('issues unguessable ids of the form <random>.<hmac> that it recognises', () => {
    const issued = ids.issue();
    expect(issued).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(ids.issue()).not.toBe(issued);
    expect(ids.isGenuine(issued)).toBe(true);
  });

  it('refuses ids signed with another key, altered ids and anything else', () => {
    const issued = ids.issue();
    const [random = '', signature = ''] = issued.split('.');
    expect(chatSessionIds('server-key-two').isGenuine(issued)).toBe(false);
    const flipped = `${random.slice(0, -1)}${random.endsWith('A') ? 'B' : 'A'}.${signature}`;
    for (const forged of [flipped, `${random}.${'A'.repeat(43)}`, random, `${issued}.extra`, '', 'session-1', `${random}.${signature.slice(1)}`]) {
      expect(ids.isGenuine(forged)).toBe(false);
    }
  });
});
