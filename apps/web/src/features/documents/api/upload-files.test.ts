import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { failureBody, rowsBody } from '../../../test/stub-api.ts';
import { uploadFiles } from './upload-files.ts';

const guide = new File(['Returns within 30 days.'], 'returns.txt', { type: 'text/plain' });
const prices = new File(['item,price'], 'prices.csv', { type: 'text/csv' });
const files = [
  { file: guide, title: 'Returns', source_url: 'https://shop.example.com/returns' },
  { file: prices, title: 'Prices', source_url: 'https://shop.example.com/prices' },
];

afterEach(() => {
  FakeXhr.sent = [];
});

describe('uploadFiles', () => {
  it('sends one multipart POST: the capability, filesData in file order, and one files part per file', () => {
    void uploadFiles(files, () => undefined, FakeXhr.factory());
    const request = FakeXhr.latest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/upload-files');
    expect(request.body?.get('capability')).toBe('upload_document');
    expect(JSON.parse(String(request.body?.get('filesData')))).toEqual([
      { title: 'Returns', source_url: 'https://shop.example.com/returns' },
      { title: 'Prices', source_url: 'https://shop.example.com/prices' },
    ]);
    expect(request.body?.getAll('files').map((part) => (part as File).name)).toEqual(['returns.txt', 'prices.csv']);
  });

  it('reports the share of bytes sent from the upload progress events, then resolves with the stored files', async () => {
    const reported: number[] = [];
    const uploading = uploadFiles(files, (sent) => reported.push(sent), FakeXhr.factory());
    const request = FakeXhr.latest();
    request.progress(250, 1000);
    request.progress(1000, 1000);
    const stored = [{ file_id: 'f1', filename: 'returns.txt', title: 'Returns', source_url: 'https://shop.example.com/returns' }];
    request.respond(200, rowsBody(stored));
    await expect(uploading).resolves.toEqual(stored);
    expect(reported).toEqual([0.25, 1]);
  });

  it("rejects with the server's message", async () => {
    const uploading = uploadFiles(files, () => undefined, FakeXhr.factory());
    FakeXhr.latest().respond(413, failureBody('The files are too large.'));
    await expect(uploading).rejects.toEqual(new ApiError('The files are too large.', 413));
  });

  it('rejects when the server cannot be reached', async () => {
    const uploading = uploadFiles(files, () => undefined, FakeXhr.factory());
    FakeXhr.latest().failToConnect();
    await expect(uploading).rejects.toBeInstanceOf(ApiError);
  });
});
