import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KNOWLEDGE_MESSAGES, type KnowledgePassageRow } from '@steward/contract/documents';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { failureBody, rowsBody, stubApi, type StubAnswer } from '../../../test/stub-api.ts';
import { TryAQuestion } from './try-a-question.tsx';

afterEach(() => vi.unstubAllGlobals());

const passage = (values: Partial<KnowledgePassageRow>): KnowledgePassageRow => ({
  text: 'Returns are accepted within 30 days.',
  document_title: 'Returns policy',
  source_url: 'https://shop.example.com/returns',
  page: 2,
  score: 0.03278,
  document_id: 1,
  inform_the_bot_id: null,
  ...values,
});

function renderBox(answer: () => StubAnswer) {
  const calls = stubApi({ 'POST /api/knowledge/search': answer });
  renderWithProviders(<TryAQuestion />);
  return calls;
}

async function ask(question: string) {
  if (question) await userEvent.type(screen.getByLabelText('Question'), question);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('Try a question', () => {
  it('asks for a question before searching', async () => {
    const calls = renderBox(() => ({ body: rowsBody([]) }));
    await ask('   ');
    expect(await screen.findByText(KNOWLEDGE_MESSAGES.questionRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows each passage with its document, page, score to two decimals and text as plain text', async () => {
    const calls = renderBox(() => ({
      body: rowsBody([
        passage({}),
        passage({ text: '<img src=x onerror=alert(1)> We ship worldwide.', document_title: 'Inform the Bot', source_url: null, page: null, score: 0.5, document_id: null, inform_the_bot_id: 4 }),
      ]),
    }));
    await ask('Can I return a jacket?');

    const passages = within(await screen.findByRole('list', { name: 'Passages found' })).getAllByRole('listitem');
    const first = within(passages[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Returns policy' })).toHaveAttribute('href', 'https://shop.example.com/returns');
    expect(first.getByText('Page 2 · Score 0.03')).toBeInTheDocument();
    expect(first.getByText('Returns are accepted within 30 days.')).toBeInTheDocument();
    const second = within(passages[1] as HTMLElement);
    expect(second.getByText('Inform the Bot')).toBeInTheDocument();
    expect(second.getByText('Score 0.50')).toBeInTheDocument();
    expect(second.getByText('<img src=x onerror=alert(1)> We ship worldwide.')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(calls[0]?.body).toEqual({ query: 'Can I return a jacket?' });
  });

  it('says when no passage answers the question', async () => {
    renderBox(() => ({ body: rowsBody([]) }));
    await ask('Do you sell boats?');
    expect(await screen.findByText(KNOWLEDGE_MESSAGES.noPassages)).toBeInTheDocument();
  });

  it("shows the server's message", async () => {
    renderBox(() => ({ status: 503, body: failureBody('The embedding service is not reachable.') }));
    await ask('Can I return a jacket?');
    expect(await screen.findByRole('alert')).toHaveTextContent('The embedding service is not reachable.');
  });
});
