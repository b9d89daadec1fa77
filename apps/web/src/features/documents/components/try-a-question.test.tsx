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
  page_end: null,
  heading: null,
  score: 0.716,
  matched_words: [],
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

  it('shows each passage with its document, page, relevance as a percentage and text as plain text', async () => {
    const calls = renderBox(() => ({
      body: rowsBody([
        passage({}),
        passage({ text: '<img src=x onerror=alert(1)> We ship <b>worldwide</b>.', document_title: 'Inform the Bot', source_url: null, page: null, score: 0.004, document_id: null, inform_the_bot_id: 4 }),
      ]),
    }));
    await ask('Can I return a jacket?');

    const passages = within(await screen.findByRole('list', { name: 'Passages found' })).getAllByRole('listitem');
    expect(passages).toHaveLength(2);
    const first = within(passages[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Returns policy' })).toHaveAttribute('href', 'https://shop.example.com/returns');
    expect(first.getByText('Page 2')).toBeInTheDocument();
    expect(passages[0]).toHaveTextContent('Relevance 72 %');
    const meter = first.getByRole('meter', { name: 'Relevance' });
    expect(meter).toHaveAttribute('aria-valuenow', '72');
    expect(meter).toHaveAttribute('aria-valuetext', '72 %');
    expect(first.getByText('Returns are accepted within 30 days.')).toBeInTheDocument();

    const second = within(passages[1] as HTMLElement);
    expect(second.getByText('Inform the Bot')).toBeInTheDocument();
    expect(passages[1]).toHaveTextContent('Relevance 0 %');
    expect(second.getByRole('meter', { name: 'Relevance' })).toHaveAttribute('aria-valuenow', '0');
    expect(passages[1]).not.toHaveTextContent(/Page|Section|Matched words/);
    // The passage's text is shown as text: its tags are characters, never elements.
    expect(second.getByText('<img src=x onerror=alert(1)> We ship <b>worldwide</b>.')).toBeInTheDocument();
    expect(document.querySelector('img, b')).toBeNull();
    expect(document.body).not.toHaveTextContent(/NaN|Score/);
    expect(calls[0]?.body).toEqual({ query: 'Can I return a jacket?' });
  });

  it('explains the relevance scale once, above the list', async () => {
    renderBox(() => ({ body: rowsBody([passage({}), passage({ score: 0.3 }), passage({ score: 1 })]) }));
    await ask('Can I return a jacket?');
    const list = await screen.findByRole('list', { name: 'Passages found' });
    const legend = screen.getByText(KNOWLEDGE_MESSAGES.relevanceLegend);
    expect(screen.getAllByText(KNOWLEDGE_MESSAGES.relevanceLegend)).toHaveLength(1);
    expect(legend.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(list).toHaveAccessibleDescription(KNOWLEDGE_MESSAGES.relevanceLegend);
    expect(within(list).getAllByRole('meter').map((meter) => meter.getAttribute('aria-valuenow'))).toEqual(['72', '30', '100']);
  });

  it("shows a passage's section, its pages across a page break, and the question's words it holds", async () => {
    renderBox(() => ({
      body: rowsBody([
        passage({
          document_title: 'bzip2 manual',
          heading: '2. How to use bzip2 › 2.4. OPTIONS',
          page: 4,
          page_end: 5,
          matched_words: ['memory', 'decompress'],
          text: 'Reduces memory usage, for compression, decompression and testing.',
        }),
        passage({ heading: 'Returns', page: 3, page_end: 3, matched_words: ['jacket'] }),
      ]),
    }));
    await ask('How do I decompress with less memory?');
    const [bzip2, returns] = within(await screen.findByRole('list', { name: 'Passages found' })).getAllByRole('listitem') as HTMLElement[];
    expect(within(bzip2 as HTMLElement).getByText('Section: 2. How to use bzip2 › 2.4. OPTIONS')).toBeInTheDocument();
    expect(within(bzip2 as HTMLElement).getByText('Pages 4–5')).toBeInTheDocument();
    expect(within(bzip2 as HTMLElement).getByText('Matched words: memory, decompress')).toBeInTheDocument();
    expect(within(returns as HTMLElement).getByText('Section: Returns')).toBeInTheDocument();
    expect(within(returns as HTMLElement).getByText('Page 3')).toBeInTheDocument();
    expect(within(returns as HTMLElement).getByText('Matched words: jacket')).toBeInTheDocument();
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
