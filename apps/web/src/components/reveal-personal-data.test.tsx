import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_CAPABILITIES } from '@steward/contract/access';
import type { StaffMember } from '@steward/contract/permissions';
import { PERSONAL_DATA_TEXTS } from '@steward/contract/personal-data';
import { personalDataMaskingQueryKey } from '../lib/personal-data-masking.ts';
import { RevealPersonalData, withRevealed } from './reveal-personal-data.tsx';

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

const admin: StaffMember = { id: 1, role: 'admin', capabilities: [...DEFAULT_ROLE_CAPABILITIES.admin] };
const viewer: StaffMember = { id: 2, role: 'viewer', capabilities: [...DEFAULT_ROLE_CAPABILITIES.viewer] };

/** The button with GET /api/personal-data/masking's answer already known. */
function renderReveal(staff: StaffMember, masked: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(personalDataMaskingQueryKey, masked);
  return render(
    <QueryClientProvider client={client}>
      <RevealPersonalData viewer={staff} request={{ kind: 'feedback', id: 7 }} onRevealed={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('RevealPersonalData', () => {
  it('is offered to a holder of view_personal_data while masking is on', () => {
    renderReveal(admin, true);
    expect(screen.getByRole('button', { name: PERSONAL_DATA_TEXTS.revealLabel })).toBeEnabled();
  });

  it('is not shown with masking off (the default): the screen shows the values whole already', () => {
    const { container } = renderReveal(admin, false);
    expect(container).toBeEmptyDOMElement();
  });

  it('is not shown to a staff member without view_personal_data, masking on or off', () => {
    expect(renderReveal(viewer, true).container).toBeEmptyDOMElement();
  });
});
