import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_MODEL_TEXTS as TEXTS, type AnswerModelsRow } from '@steward/contract/answer-models';
import { AnswerModelsSection } from './answer-models-section.tsx';

const SAVED: AnswerModelsRow = {
  source: 'saved',
  writer: { kind: 'llm', server: { base_url: 'https://models.example/v1', model: 'gpt-test', key: 'saved' } },
  embedder: { kind: 'built_in', server: null },
};

function renderSection(saved: AnswerModelsRow = SAVED) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AnswerModelsSection saved={saved} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('group', { name: TEXTS.writer }));
}

const answering = (row: unknown) => vi.fn(async () => new Response(JSON.stringify({ success: true, data: { rows: [row] } }), { status: 200 }));
const sentBody = (fetch: ReturnType<typeof answering>, call = 0): unknown => JSON.parse((fetch.mock.calls[call] as unknown as [string, RequestInit])[1].body as string);

afterEach(() => vi.unstubAllGlobals());

describe('AnswerModelsSection', () => {
  it('says a key is saved without showing it, and keeps it when saved untouched', async () => {
    const fetch = answering(SAVED);
    vi.stubGlobal('fetch', fetch);
    const writer = renderSection();
    expect(writer.getByText(TEXTS.keySaved)).toBeInTheDocument();
    expect(writer.getByLabelText(TEXTS.newKey)).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: TEXTS.save }));
    expect(await screen.findByText(TEXTS.saved)).toBeInTheDocument();
    expect(sentBody(fetch)).toEqual({
      writer: { kind: 'llm', server: { base_url: 'https://models.example/v1', model: 'gpt-test', key: { change: 'keep' } } },
      embedder: { kind: 'built_in' },
    });
  });

  it('sends a typed key as a replacement, and "Remove the key" as a removal', async () => {
    const fetch = answering(SAVED);
    vi.stubGlobal('fetch', fetch);
    const writer = renderSection();
    await userEvent.type(writer.getByLabelText(TEXTS.newKey), 'sk-new');
    await userEvent.click(screen.getByRole('button', { name: TEXTS.save }));
    await screen.findByText(TEXTS.saved);
    expect(sentBody(fetch, 0)).toMatchObject({ writer: { server: { key: { change: 'replace', value: 'sk-new' } } } });
    await userEvent.click(writer.getByRole('checkbox', { name: TEXTS.removeKey }));
    await userEvent.click(screen.getByRole('button', { name: TEXTS.save }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(sentBody(fetch, 1)).toMatchObject({ writer: { server: { key: { change: 'remove' } } } });
  });

  it("refuses a bad base URL with the contract's text before calling the server", async () => {
    const fetch = answering(SAVED);
    vi.stubGlobal('fetch', fetch);
    const writer = renderSection();
    await userEvent.clear(writer.getByLabelText(TEXTS.baseUrl));
    await userEvent.type(writer.getByLabelText(TEXTS.baseUrl), 'models.example');
    await userEvent.click(screen.getByRole('button', { name: TEXTS.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The base URL must be an http or https address.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows what a Test answered and how long it took', async () => {
    const fetch = answering({ ok: true, answer: 'I can answer your customers.', duration_ms: 42 });
    vi.stubGlobal('fetch', fetch);
    const writer = renderSection();
    await userEvent.click(writer.getByRole('button', { name: TEXTS.test }));
    expect(await writer.findByText('I can answer your customers.', { exact: false })).toHaveTextContent('Answered in 42 ms: I can answer your customers.');
    expect(sentBody(fetch)).toEqual({ part: 'writer', server: { base_url: 'https://models.example/v1', model: 'gpt-test', key: { change: 'keep' } } });
  });
});
