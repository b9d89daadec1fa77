import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERSONAL_DATA_MASKING_TEXTS } from '@steward/contract/personal-data';
import { PersonalDataMaskingSection } from './personal-data-masking-section.tsx';

function renderSection(masked: boolean, mayEdit: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PersonalDataMaskingSection masked={masked} mayEdit={mayEdit} />
    </QueryClientProvider>,
  );
  return screen.getByRole('switch', { name: PERSONAL_DATA_MASKING_TEXTS.label });
}

afterEach(() => vi.unstubAllGlobals());

describe('PersonalDataMaskingSection', () => {
  it('shows the saved state, and what it means', () => {
    expect(renderSection(false, true)).not.toBeChecked();
    expect(screen.getByText(PERSONAL_DATA_MASKING_TEXTS.off, { exact: false })).toBeInTheDocument();
  });

  it('is shown disabled to a staff member who may not change bot settings', () => {
    const toggle = renderSection(true, false);
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText(PERSONAL_DATA_MASKING_TEXTS.on, { exact: false })).toBeInTheDocument();
  });

  it('saves the switch as turned, and says so', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, data: { rows: [{ masked: true }] } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const toggle = renderSection(false, true);
    await userEvent.click(toggle);
    expect(screen.getByText(PERSONAL_DATA_MASKING_TEXTS.on, { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PERSONAL_DATA_MASKING_TEXTS.saved);
    expect(fetch).toHaveBeenCalledWith('/api/personal-data/masking', expect.objectContaining({ method: 'POST', body: JSON.stringify({ masked: true }) }));
  });
});
