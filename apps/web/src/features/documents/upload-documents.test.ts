import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_FILES_SHARE } from '@steward/contract/documents';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { rowsBody, stubApi } from '../../test/stub-api.ts';
import { documentRowFixture } from './document-row.fixture.ts';
import { uploadDocuments } from './upload-documents.ts';
import { sendingFiles, type UploadProgress } from './upload-progress.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

describe('sendingFiles', () => {
  it('fills the bar from 0 up to the files share (49 %), never beyond', () => {
    expect(sendingFiles(0).percent).toBe(0);
    expect(sendingFiles(0.5).percent).toBe(24);
    expect(sendingFiles(1).percent).toBe(UPLOAD_FILES_SHARE);
    expect(sendingFiles(3).percent).toBe(UPLOAD_FILES_SHARE);
  });
});

describe('uploadDocuments', () => {
  it('sends the files, has the server fetch each URL, then registers every stored file in order', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const registered = [documentRowFixture({ id: 9, status: 'in_progress' })];
    const calls = stubApi({
      'POST /api/upload-url': () => ({ body: rowsBody([{ file_id: 'u1', filename: 'manual.pdf', title: 'Manual', source_url: 'https://example.com/manual.pdf' }]) }),
      'POST /api/register-files': () => ({ body: rowsBody(registered) }),
    });
    const reported: UploadProgress[] = [];
    const file = new File(['a'], 'returns.txt', { type: 'text/plain' });
    const uploading = uploadDocuments(
      { files: [{ file, title: 'Returns', source_url: 'https://example.com/returns' }], urls: [{ url: 'https://example.com/manual.pdf', title: 'Manual' }] },
      (progress) => reported.push(progress),
    );
    FakeXhr.latest().progress(50, 100);
    FakeXhr.latest().progress(100, 100);
    FakeXhr.latest().respond(200, rowsBody([{ file_id: 'f1', filename: 'returns.txt', title: 'Returns', source_url: 'https://example.com/returns' }]));

    await expect(uploading).resolves.toEqual(registered);
    // One file and one URL: the file's bytes fill the first half of the files share, the URL the second.
    expect(reported).toEqual([
      { phase: 'waiting', percent: 0 },
      { phase: 'sendingFiles', percent: 12 },
      { phase: 'sendingFiles', percent: 24 },
      { phase: 'sendingFiles', percent: 24 },
      { phase: 'registering', percent: 50 },
    ]);
    expect(calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/upload-url', body: { url: 'https://example.com/manual.pdf', title: 'Manual' } },
      {
        method: 'POST',
        path: '/api/register-files',
        body: {
          filesData: [
            { file_id: 'f1', title: 'Returns', source_url: 'https://example.com/returns' },
            { file_id: 'u1', title: 'Manual', source_url: 'https://example.com/manual.pdf' },
          ],
        },
      },
    ]);
  });
});
