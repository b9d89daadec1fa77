import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MESSAGES, UPLOAD_PROGRESS_TEXT, type DocumentRow } from '@steward/contract/documents';
import type { StaffMember } from '@steward/contract/permissions';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { failureBody, rowsBody, stubApi, type StubbedCall } from '../../../test/stub-api.ts';
import { adminFixture, documentRowFixture, viewerFixture } from '../document-row.fixture.ts';
import { DocumentList } from './document-list.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

/** The list of one document, with any further answers the test needs. */
async function renderDocument(document: DocumentRow, viewer: StaffMember, answers: Record<string, (call: StubbedCall) => { status?: number; body: unknown }> = {}) {
  const calls = stubApi({ 'GET /api/documents/': () => ({ body: rowsBody([document]) }), ...answers });
  renderWithProviders(<DocumentList pageIndex={0} viewer={viewer} />);
  const card = await screen.findByRole('article', { name: document.title });
  return { calls, card: within(card) };
}

describe('document actions', () => {
  it('gives an admin Edit, Replace file and Delete on a document not in progress', async () => {
    const { card } = await renderDocument(documentRowFixture(), adminFixture);
    expect(card.getByRole('button', { name: 'Edit Warranty terms' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Replace file of Warranty terms' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Delete Warranty terms' })).toBeInTheDocument();
  });

  it('gives a viewer none of them', async () => {
    const { card } = await renderDocument(documentRowFixture(), viewerFixture);
    expect(card.queryByRole('button')).toBeNull();
  });

  it('offers an admin none of them while the document is in progress', async () => {
    const { card } = await renderDocument(documentRowFixture({ status: 'in_progress' }), adminFixture);
    expect(card.getByText('In progress')).toBeInTheDocument();
    expect(card.queryByRole('button')).toBeNull();
  });
});

describe('editing a document', () => {
  it('checks the title and source URL with the spec texts before saving', async () => {
    const { calls, card } = await renderDocument(documentRowFixture(), adminFixture);
    await userEvent.click(card.getByRole('button', { name: 'Edit Warranty terms' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit document' }));
    await userEvent.clear(dialog.getByLabelText('Title'));
    await userEvent.clear(dialog.getByLabelText('Source URL'));
    await userEvent.type(dialog.getByLabelText('Source URL'), 'not a url');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(DOCUMENT_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(dialog.getByText(DOCUMENT_MESSAGES.sourceUrlInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('saves through the file id, shows the success text and the new title', async () => {
    const { calls, card } = await renderDocument(documentRowFixture(), adminFixture, {
      'POST /api/documents/file-1/update': ({ body }) => ({ body: rowsBody([documentRowFixture(body as Partial<DocumentRow>)]) }),
    });
    await userEvent.click(card.getByRole('button', { name: 'Edit Warranty terms' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit document' }));
    await userEvent.clear(dialog.getByLabelText('Title'));
    await userEvent.type(dialog.getByLabelText('Title'), 'Warranty 2026');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    const saved = within(await screen.findByRole('article', { name: 'Warranty 2026' }));
    expect(saved.getByText(DOCUMENT_MESSAGES.updated)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/documents/file-1/update',
      body: { title: 'Warranty 2026', source_url: 'https://shop.example.com/warranty' },
    });
  });

  it("shows the server's message in the modal as it is", async () => {
    const { card } = await renderDocument(documentRowFixture(), adminFixture, {
      'POST /api/documents/file-1/update': () => ({ status: 409, body: failureBody(DOCUMENT_MESSAGES.inProgress) }),
    });
    await userEvent.click(card.getByRole('button', { name: 'Edit Warranty terms' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit document' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(DOCUMENT_MESSAGES.inProgress)).toBeInTheDocument();
  });
});

describe('deleting a document', () => {
  it('asks first, then says it is deleted', async () => {
    const { calls, card } = await renderDocument(documentRowFixture(), adminFixture, {
      'POST /api/documents/1/delete': () => ({ body: { success: true } }),
    });
    await userEvent.click(card.getByRole('button', { name: 'Delete Warranty terms' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(DOCUMENT_MESSAGES.deleteQuestion)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText(DOCUMENT_MESSAGES.deleted)).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/documents/1/delete' });
  });

  it("shows the server's message as it is", async () => {
    const { card } = await renderDocument(documentRowFixture(), adminFixture, {
      'POST /api/documents/1/delete': () => ({ status: 404, body: failureBody(DOCUMENT_MESSAGES.notFound) }),
    });
    await userEvent.click(card.getByRole('button', { name: 'Delete Warranty terms' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText(DOCUMENT_MESSAGES.notFound)).toBeInTheDocument();
  });
});

describe('replacing a file', () => {
  it('sends the new file with its progress, then shows the replacement in progress on the card', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { card } = await renderDocument(documentRowFixture(), adminFixture);
    await userEvent.click(card.getByRole('button', { name: 'Replace file of Warranty terms' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Replace file' }));
    expect(dialog.getByRole('button', { name: 'Replace' })).toBeDisabled();
    await userEvent.upload(dialog.getByLabelText('New version of the file', { selector: 'input' }), new File(['%PDF'], 'warranty-2027.pdf', { type: 'application/pdf' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Replace' }));

    const request = FakeXhr.latest();
    expect(request.url).toBe('/api/documents/1/replace');
    expect((request.body?.get('file') as File).name).toBe('warranty-2027.pdf');
    request.progress(50, 100);
    expect(await dialog.findByRole('progressbar', { name: UPLOAD_PROGRESS_TEXT.sendingFiles })).toHaveAttribute('aria-valuenow', '24');

    request.respond(200, rowsBody([documentRowFixture({ status: 'in_progress', replacing_filename: 'warranty-2027.pdf' })]));
    expect(await card.findByText('Replacing with warranty-2027.pdf')).toBeInTheDocument();
    expect(card.getByText('In progress')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the modal open with Failed and the server's message when the server refuses", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { card } = await renderDocument(documentRowFixture(), adminFixture);
    await userEvent.click(card.getByRole('button', { name: 'Replace file of Warranty terms' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Replace file' }));
    await userEvent.upload(dialog.getByLabelText('New version of the file', { selector: 'input' }), new File(['x'], 'terms.txt', { type: 'text/plain' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Replace' }));
    FakeXhr.latest().respond(409, failureBody(DOCUMENT_MESSAGES.inProgress));
    expect(await dialog.findByRole('progressbar', { name: UPLOAD_PROGRESS_TEXT.failed })).toBeInTheDocument();
    expect(dialog.getByText(DOCUMENT_MESSAGES.inProgress)).toBeInTheDocument();
  });
});
