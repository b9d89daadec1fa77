import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCRIPTED_CALL_HEADER } from '@steward/contract/scripted-calls';
import { ExportButtons } from './export-buttons.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('ExportButtons', () => {
  it('fetches the export as the dashboard\'s own call, with the list\'s filters, and saves the file the server names', async () => {
    const fetchMock = vi.fn(async () => new Response('"id"\r\n"1"\r\n', { headers: { 'content-disposition': 'attachment; filename="steward-history-2026-11-28.csv"' } }));
    vi.stubGlobal('fetch', fetchMock);
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    render(<ExportButtons list="history" query="?country=DE" />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/export/history?country=DE&format=csv', expect.objectContaining({ credentials: 'same-origin' }));
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers[SCRIPTED_CALL_HEADER.name]).toBe(SCRIPTED_CALL_HEADER.value);
    expect(saved).toEqual(['steward-history-2026-11-28.csv blob:export']);
    click.mockRestore();
  });

  it("shows the server's message when it refuses", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ success: false, error: { message: 'You do not have permission to do this.' } }, { status: 403 }));
    render(<ExportButtons list="feedback" query="" />);
    await userEvent.click(screen.getByRole('button', { name: 'Export JSON lines' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
    expect(screen.getByRole('button', { name: 'Export JSON lines' })).toBeEnabled();
  });
});
