import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListCount } from './list-count.tsx';

const count = (value: number, filtered: boolean, capped = false) => {
  const { unmount } = render(<ListCount count={value} capped={capped} noun={['help request', 'help requests']} filtered={filtered} />);
  const text = screen.getByTestId('list-count').textContent;
  unmount();
  return text;
};

describe('ListCount', () => {
  it('says one in the singular and the others in the plural, with or without filters', () => {
    expect([count(0, false), count(1, false), count(2, false)]).toEqual(['0 help requests', '1 help request', '2 help requests']);
    expect([count(1, true), count(1234, true)]).toEqual(['1 help request matches these filters', '1,234 help requests match these filters']);
    expect(count(10_000, true, true)).toBe('More than 10,000 help requests match these filters');
  });
});
