import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MESSAGES, UPLOAD_BUTTON_TEXT, UPLOAD_PROGRESS_TEXT, type DocumentRow } from '@steward/contract/documents';
import type { StaffMember } from '@steward/contract/permissions';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { renderWithProviders } from '../../../test/render-with-providers.tsx';
import { failureBody, rowsBody, stubApi, type StubAnswer } from '../../../test/stub-api.ts';
import { adminFixture, documentRowFixture, viewerFixture } from '../document-row.fixture.ts';
import { DocumentsScreen } from './documents-screen.tsx';

const existing = documentRowFixture({ id: 1, title: 'Warranty terms', total_count: 1 });
const pdf = () => new File(['%PDF-1.7'], 'returns-policy.pdf', { type: 'application/pdf' });

beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

function renderScreen(viewer: StaffMember = adminFixture, registerAnswer: () => StubAnswer = () => ({ body: rowsBody([]) })) {
  const calls = stubApi({
    'GET /api/documents/': () => ({ body: rowsBody([existing]) }),
    'POST /api/upload-url': () => ({ body: rowsBody([{ file_id: 'u1', filename: 'manual.pdf', title: 'Manual', source_url: 'https://example.com/manual.pdf' }]) }),
    'POST /api/register-files': registerAnswer,
  });
  renderWithProviders(<DocumentsScreen pageIndex={0} viewer={viewer} />, '/documents');
  return calls;
}

const dropFiles = (...files: File[]) => userEvent.upload(screen.getByLabelText('Document files', { selector: 'input' }), files);
const form = () => within(screen.getByRole('form', { name: 'Upload documents' }));
const clickUpload = (label: string = UPLOAD_BUTTON_TEXT.upload) => userEvent.click(form().getByRole('button', { name: label }));
const progressBar = (text: string) => screen.findByRole('progressbar', { name: text });

async function describeDroppedFile(title: string, sourceUrl: string) {
  if (title) await userEvent.type(screen.getByLabelText('Title of returns-policy.pdf'), title);
  if (sourceUrl) await userEvent.type(screen.getByLabelText('Source URL of returns-policy.pdf'), sourceUrl);
}

describe('who may upload', () => {
  it('shows the upload form only with upload_document', async () => {
    renderScreen(viewerFixture);
    expect(await screen.findByRole('article', { name: 'Warranty terms' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Upload documents' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Try a question' })).toBeInTheDocument();
  });
});

describe('upload validation', () => {
  it.each([
    ['a title', '', 'https://shop.example.com/returns', DOCUMENT_MESSAGES.titlesRequired, DOCUMENT_MESSAGES.sourceUrlsInvalid, 'Title'],
    ['a valid source URL', 'Returns', 'shop.example.com/returns', DOCUMENT_MESSAGES.sourceUrlsInvalid, DOCUMENT_MESSAGES.titlesRequired, 'Source URL'],
  ])('asks for %s for every dropped file', async (_rule, title, sourceUrl, shown, notShown, invalidField) => {
    renderScreen();
    await dropFiles(pdf());
    await describeDroppedFile(title, sourceUrl);
    await clickUpload();
    expect(await form().findByRole('alert')).toHaveTextContent(shown);
    expect(form().getByRole('alert')).not.toHaveTextContent(notShown);
    expect(screen.getByLabelText(`${invalidField} of returns-policy.pdf`)).toHaveAttribute('aria-invalid', 'true');
    expect(FakeXhr.sent).toEqual([]);
  });

  it('asks for a valid URL ending in .pdf in every Document URL row', async () => {
    const calls = renderScreen();
    await userEvent.click(form().getByRole('button', { name: 'Add Document' }));
    await userEvent.type(screen.getByLabelText('Source URL of document URL 1'), 'https://example.com/manual.html');
    await userEvent.type(screen.getByLabelText('Title of document URL 1'), 'Manual');
    await clickUpload();
    expect(await form().findByRole('alert')).toHaveTextContent(DOCUMENT_MESSAGES.pdfUrlsInvalid);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('removes a Document URL row', async () => {
    renderScreen();
    await userEvent.click(form().getByRole('button', { name: 'Add Document' }));
    await userEvent.click(form().getByRole('button', { name: 'Add Document' }));
    await userEvent.click(form().getByRole('button', { name: 'Remove document URL 2' }));
    expect(form().getAllByRole('group', { name: /Document URL/ })).toHaveLength(1);
  });

  it('asks for something to upload', async () => {
    renderScreen();
    await clickUpload();
    expect(await form().findByRole('alert')).toHaveTextContent(DOCUMENT_MESSAGES.noFiles);
  });

  it("refuses other file types with react-dropzone's message", async () => {
    renderScreen();
    await userEvent.setup({ applyAccept: false }).upload(
      screen.getByLabelText('Document files', { selector: 'input' }),
      new File(['x'], 'photo.png', { type: 'image/png' }),
    );
    expect(await form().findByText(/photo\.png: File type must be one of/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Title of photo.png')).toBeNull();
  });
});

describe('the upload', () => {
  it('goes through Waiting, the bytes sent, the vector database and Complete, then resets the form and lists the new document first', async () => {
    let finishRegistering: (answer: { body: unknown }) => void = () => undefined;
    const registered: DocumentRow = documentRowFixture({ id: 2, title: 'Returns', filename: 'returns-policy.pdf', status: 'in_progress', total_count: 2 });
    const calls = renderScreen(adminFixture, () => new Promise((resolve) => (finishRegistering = resolve)));
    await screen.findByRole('article', { name: 'Warranty terms' });
    await dropFiles(pdf());
    await describeDroppedFile('Returns', 'https://shop.example.com/returns');
    await clickUpload();

    expect(await progressBar(UPLOAD_PROGRESS_TEXT.waiting)).toHaveAttribute('aria-valuenow', '0');
    const request = FakeXhr.latest();
    request.progress(30, 100);
    expect(await progressBar(UPLOAD_PROGRESS_TEXT.sendingFiles)).toHaveAttribute('aria-valuenow', '14');
    request.progress(100, 100);
    expect(await progressBar(UPLOAD_PROGRESS_TEXT.sendingFiles)).toHaveAttribute('aria-valuenow', '49');
    request.respond(200, rowsBody([{ file_id: 'f1', filename: 'returns-policy.pdf', title: 'Returns', source_url: 'https://shop.example.com/returns' }]));
    expect(await progressBar(UPLOAD_PROGRESS_TEXT.registering)).toHaveAttribute('aria-valuenow', '50');
    finishRegistering({ body: rowsBody([registered]) });
    expect(await progressBar(UPLOAD_PROGRESS_TEXT.complete)).toHaveAttribute('aria-valuenow', '100');

    expect(calls.at(-1)?.body).toEqual({ filesData: [{ file_id: 'f1', title: 'Returns', source_url: 'https://shop.example.com/returns' }] });
    expect(screen.queryByLabelText('Title of returns-policy.pdf')).toBeNull();
    expect(form().getByRole('button', { name: UPLOAD_BUTTON_TEXT.upload })).toBeEnabled();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-labelledby'))).toEqual(['document-2', 'document-1']);
    expect(within(cards[0] as HTMLElement).getByText('In progress')).toBeInTheDocument();
  });

  it('shows only Failed when sending the files fails, and offers Retry Upload', async () => {
    renderScreen();
    await dropFiles(pdf());
    await describeDroppedFile('Returns', 'https://shop.example.com/returns');
    await clickUpload();
    FakeXhr.latest().progress(40, 100);
    FakeXhr.latest().respond(500, failureBody('Internal Server Error'));

    expect(await progressBar(UPLOAD_PROGRESS_TEXT.failed)).toHaveAttribute('aria-valuenow', '19');
    expect(screen.queryByText('Internal Server Error')).toBeNull();
    expect(screen.getByLabelText('Title of returns-policy.pdf')).toHaveValue('Returns');
    await clickUpload(UPLOAD_BUTTON_TEXT.retry);
    expect(FakeXhr.sent).toHaveLength(2);
    expect(await progressBar(UPLOAD_PROGRESS_TEXT.waiting)).toBeInTheDocument();
  });

  it('shows only Failed when registering fails', async () => {
    renderScreen(adminFixture, () => ({ status: 400, body: failureBody(DOCUMENT_MESSAGES.uploadNotFound) }));
    await userEvent.click(form().getByRole('button', { name: 'Add Document' }));
    await userEvent.type(screen.getByLabelText('Source URL of document URL 1'), 'https://example.com/manual.pdf');
    await userEvent.type(screen.getByLabelText('Title of document URL 1'), 'Manual');
    await clickUpload();

    expect(await progressBar(UPLOAD_PROGRESS_TEXT.failed)).toHaveAttribute('aria-valuenow', '50');
    expect(screen.queryByText(DOCUMENT_MESSAGES.uploadNotFound)).toBeNull();
    expect(form().getByRole('button', { name: UPLOAD_BUTTON_TEXT.retry })).toBeInTheDocument();
  });
});
