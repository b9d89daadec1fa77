import { describe, expect, it } from 'vitest';
import { withRevealed } from './reveal-personal-data.tsx';

describe('withRevealed', () => {
  const row = { id: 7, user_ip: '203.0.113.•', email: 'z•••@example.com', message: 'call •••-•••-0132', name: 'Zara' };

  it('puts the revealed fields of the same id in place of the masked ones, and nothing else', () => {
    const revealed = [{ id: 7, user_ip: '203.0.113.77', email: 'zara@example.com', message: 'call 415-555-0132', user_message: 'not a field of this row' }];
    expect(withRevealed(row, revealed)).toEqual({ id: 7, user_ip: '203.0.113.77', email: 'zara@example.com', message: 'call 415-555-0132', name: 'Zara' });
  });

  it('leaves the row masked before a reveal, or when the reveal was of another record', () => {
    expect(withRevealed(row, null)).toBe(row);
    expect(withRevealed(row, [{ id: 8, user_ip: '198.51.100.1' }])).toBe(row);
  });
});
