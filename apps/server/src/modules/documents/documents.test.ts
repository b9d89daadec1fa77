import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, MAX_FILES_PER_UPLOAD } from '@steward/contract/documents';
import { sqlRows } from '../../db/sql-rows.ts';
import type { ApiClient } from '../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { FILE_PART_BYTES, readFileBytes } from './document-files.repository.ts';
import { DOCUMENT_INGESTION_QUEUE } from './document-ingestion-queue.ts';

let testApp: TestApp;
let admin: ApiClient;
let viewer: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp({ UPLOAD_MAX_MB: '2' });
  ({ client: admin } = await testApp.signedInClient('admin', { name: 'Ada Admin' }));
  ({ client: viewer } = await testApp.signedInClient('viewer'));
});
afterAll(() => testApp.close());

const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

type NewFile = { name: string; bytes: Buffer | string; title?: string; source_url?: string };

function uploadForm(files: NewFile[], filesData = files.map((file) => ({ title: file.title ?? file.name, source_url: file.source_url ?? 'https://shop.example.com/docs' }))): FormData {
  const form = new FormData();
  form.append('capability', 'upload_document');
  form.append('filesData', JSON.stringify(filesData));
  for (const file of files) form.append('files', new Blob([file.bytes]), file.name);
  return form;
}

async function uploadAndRegister(client: ApiClient, files: NewFile[]) {
  const uploaded = await client.postForm('/api/upload-files', uploadForm(files));
  expect(uploaded.status).toBe(200);
  return client.post('/api/register-files', { filesData: uploaded.body.data?.rows });
}

describe('uploading and registering documents', () => {
  it('stores each file, registers it in progress with the uploader, and queues its ingestion', async () => {
    const uploaded = await admin.postForm('/api/upload-files', uploadForm([
      { name: 'returns.txt', bytes: 'Returns are free within 30 days.', title: 'Returns' },
      { name: 'manual.pdf', bytes: MINIMAL_PDF, title: 'Manual', source_url: 'https://shop.example.com/manual.pdf' },
    ]));
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data?.rows).toMatchObject([
      { filename: 'returns.txt', title: 'Returns', source_url: 'https://shop.example.com/docs' },
      { filename: 'manual.pdf', title: 'Manual', source_url: 'https://shop.example.com/manual.pdf' },
    ]);

    const registered = await admin.post('/api/register-files', { filesData: uploaded.body.data?.rows });
    expect(registered.status).toBe(200);
    const rows = registered.body.data?.rows ?? [];
    expect(rows.map((row) => row.filename)).toEqual(['manual.pdf', 'returns.txt']);
    expect(rows[0]).toMatchObject({ status: 'in_progress', uploaded_by: 'Ada Admin', error: null, replacing_filename: null });

    const jobs = await sqlRows<{ payload: { fileId: string } }>(testApp.db, sql`SELECT payload FROM jobs WHERE queue = ${DOCUMENT_INGESTION_QUEUE}`);
    expect(jobs.map((job) => job.payload.fileId).sort()).toEqual(rows.map((row) => row.file_id).sort());

    const list = await viewer.get('/api/documents/0');
    expect(list.body.data?.rows.slice(0, 2).map((row) => row.title)).toEqual(['Manual', 'Returns']);
    expect(list.body.data?.rows[0]?.total_count).toBeGreaterThanOrEqual(2);
  });

  it('stores a file larger than one part in parts and keeps every byte', async () => {
    // A PDF's header, then every byte value, in parts that do not end on a multiple of three (base64's groups).
    const body = Buffer.from(Array.from({ length: FILE_PART_BYTES + 12345 }, (_, index) => (index * 7 + (index >> 8)) % 256));
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), body]);
    const uploaded = await admin.postForm('/api/upload-files', uploadForm([{ name: 'big.pdf', bytes: big }]));
    expect(uploaded.status).toBe(200);
    const fileId = String(uploaded.body.data?.rows[0]?.file_id);
    const [stored] = await sqlRows<{ parts: number; size: number; bytes: number }>(testApp.db, sql`
      SELECT count(*)::int AS parts, max(f.byte_size)::int AS size, sum(length(p.bytes))::int AS bytes
      FROM document_files f JOIN document_file_parts p USING (file_id) WHERE f.file_id = ${fileId}`);
    expect(stored).toEqual({ parts: 2, size: big.byteLength, bytes: big.byteLength });
    expect((await readFileBytes(testApp.db, fileId))?.equals(big)).toBe(true);
  });

  it('checks the type by content, not only by name, and keeps nothing of a refused upload', async () => {
    const before = await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM document_files`);
    const fake = await admin.postForm('/api/upload-files', uploadForm([
      { name: 'fine.txt', bytes: 'fine' },
      { name: 'invoice.pdf', bytes: '<html>not a pdf</html>' },
    ]));
    expect(fake.status).toBe(400);
    expect(fake.body.error?.message).toBe('invoice.pdf: This file is named .pdf but is not a PDF.');
    const binary = await admin.postForm('/api/upload-files', uploadForm([{ name: 'notes.txt', bytes: Buffer.from([0, 1, 2, 3, 0, 0]) }]));
    expect(binary.body.error?.message).toBe('notes.txt: This file is named .txt but is not a text file.');
    const wrongName = await admin.postForm('/api/upload-files', uploadForm([{ name: 'setup.exe', bytes: 'MZ' }]));
    expect(wrongName.status).toBe(400);
    const after = await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM document_files`);
    expect(after).toEqual(before);
  });

  it('answers 413 with the cap for a file over UPLOAD_MAX_MB', async () => {
    const answer = await admin.postForm('/api/upload-files', uploadForm([{ name: 'huge.txt', bytes: Buffer.alloc(2 * 1024 * 1024 + 1, 'b') }]));
    expect(answer.status).toBe(413);
    expect(answer.body.error?.message).toBe('huge.txt: This file is larger than 2 MB, the largest Steward takes (UPLOAD_MAX_MB).');
  });

  it('validates filesData with the spec messages', async () => {
    const noTitle = await admin.postForm('/api/upload-files', uploadForm([{ name: 'a.txt', bytes: 'a' }], [{ title: ' ', source_url: 'https://shop.example.com' }]));
    expect(noTitle.body.error).toEqual({ message: DOCUMENT_MESSAGES.titlesRequired, field: 'filesData' });
    const badUrl = await admin.postForm('/api/upload-files', uploadForm([{ name: 'a.txt', bytes: 'a' }], [{ title: 'A', source_url: 'javascript:alert(1)' }]));
    expect(badUrl.body.error?.message).toBe(DOCUMENT_MESSAGES.sourceUrlsInvalid);
    const mismatch = await admin.postForm('/api/upload-files', uploadForm([{ name: 'a.txt', bytes: 'a' }], []));
    expect(mismatch.status).toBe(400);
  });

  it('needs upload_document from the session, whatever capability the form claims', async () => {
    const answer = await viewer.postForm('/api/upload-files', uploadForm([{ name: 'a.txt', bytes: 'a' }]));
    expect(answer.status).toBe(403);
    expect((await testApp.client().get('/api/documents/0')).status).toBe(401);
  });

  it('registers at most MAX_FILES_PER_UPLOAD files and document URLs together', async () => {
    const files = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, index) => ({ file_id: `f${index}`, title: 'T', source_url: 'https://a.example' }));
    const answer = await admin.post('/api/register-files', { filesData: files });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(DOCUMENT_MESSAGES.tooManyFiles);
  });

  it("registers only the uploader's own uploads, once", async () => {
    const uploaded = await admin.postForm('/api/upload-files', uploadForm([{ name: 'once.txt', bytes: 'once' }]));
    const { client: otherAdmin } = await testApp.signedInClient('admin');
    const stolen = await otherAdmin.post('/api/register-files', { filesData: uploaded.body.data?.rows });
    expect(stolen.body.error?.message).toBe(DOCUMENT_MESSAGES.uploadNotFound);
    expect((await admin.post('/api/register-files', { filesData: uploaded.body.data?.rows })).status).toBe(200);
    expect((await admin.post('/api/register-files', { filesData: uploaded.body.data?.rows })).status).toBe(400);
    const unknown = await admin.post('/api/register-files', { filesData: [{ file_id: 'nope', title: 'x', source_url: 'https://a.example' }] });
    expect(unknown.status).toBe(400);
  });

  it('refuses one file_id twice in a call with 400, registering nothing (issue 52: a duplicate key, 500)', async () => {
    const uploaded = await admin.postForm('/api/upload-files', uploadForm([{ name: 'twice.txt', bytes: 'twice' }]));
    const row = uploaded.body.data?.rows[0];
    const twice = await admin.post('/api/register-files', { filesData: [row, row] });
    expect(twice.status).toBe(400);
    expect(twice.body.error?.message).toBe(DOCUMENT_MESSAGES.fileRegisteredTwice);
    expect((await admin.post('/api/register-files', { filesData: [row] })).status).toBe(200);
  });

  it('registers a file once when two calls register it at the same time', async () => {
    const uploaded = await admin.postForm('/api/upload-files', uploadForm([{ name: 'racing.txt', bytes: 'racing' }]));
    const filesData = uploaded.body.data?.rows;
    const answers = await Promise.all([admin.post('/api/register-files', { filesData }), admin.post('/api/register-files', { filesData })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body.error?.message).toBe(DOCUMENT_MESSAGES.uploadNotFound);
  });
});

describe('editing, replacing and deleting documents', () => {
  async function completedDocument(name: string) {
    const registered = await uploadAndRegister(admin, [{ name, bytes: `Text of ${name}` }]);
    const row = registered.body.data?.rows[0];
    await testApp.db.execute(sql`UPDATE documents SET status = 'completed' WHERE id = ${Number(row?.id)}`);
    return { id: Number(row?.id), fileId: String(row?.file_id) };
  }

  it('lets an administrator edit title and source URL, with the spec messages', async () => {
    const document = await completedDocument('edit.txt');
    const saved = await admin.post(`/api/documents/${document.fileId}/update`, { title: 'Shipping', source_url: 'https://shop.example.com/shipping' });
    expect(saved.body.data?.rows[0]).toMatchObject({ title: 'Shipping', source_url: 'https://shop.example.com/shipping' });
    const bad = await admin.post(`/api/documents/${document.fileId}/update`, { title: '', source_url: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(DOCUMENT_MESSAGES.titleRequired);
    expect((await viewer.post(`/api/documents/${document.fileId}/update`, { title: 'T', source_url: 'https://a.example' })).status).toBe(403);
  });

  it('refuses to edit, replace or delete a document in progress', async () => {
    const registered = await uploadAndRegister(admin, [{ name: 'busy.txt', bytes: 'busy' }]);
    const row = registered.body.data?.rows[0];
    const edit = await admin.post(`/api/documents/${String(row?.file_id)}/update`, { title: 'T', source_url: 'https://a.example' });
    expect(edit.status).toBe(409);
    expect(edit.body.error?.message).toBe(DOCUMENT_MESSAGES.inProgress);
    expect((await admin.post(`/api/documents/${Number(row?.id)}/delete`)).status).toBe(409);
    const form = new FormData();
    form.append('file', new Blob(['v2']), 'busy.txt');
    expect((await admin.postForm(`/api/documents/${Number(row?.id)}/replace`, form)).status).toBe(409);
  });

  it('deletes a document with its original; a viewer may not', async () => {
    const document = await completedDocument('gone.txt');
    expect((await viewer.post(`/api/documents/${document.id}/delete`)).status).toBe(403);
    expect((await admin.post(`/api/documents/${document.id}/delete`)).body).toEqual({ success: true });
    const left = await sqlRows<{ n: number }>(testApp.db, sql`SELECT count(*)::int AS n FROM document_files WHERE file_id = ${document.fileId}`);
    expect(left).toEqual([{ n: 0 }]);
    expect((await admin.post(`/api/documents/${document.id}/delete`)).status).toBe(404);
  });

  it('starts a replacement in place: in progress, the new file named, its ingestion queued', async () => {
    const document = await completedDocument('price-list.csv');
    const form = new FormData();
    form.append('file', new Blob(['item,price\ntea,3']), 'price-list-2027.csv');
    const answer = await admin.postForm(`/api/documents/${document.id}/replace`, form);
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows[0]).toMatchObject({ status: 'in_progress', replacing_filename: 'price-list-2027.csv', file_id: document.fileId });
    const [job] = await sqlRows<{ payload: { documentId: number; fileId: string } }>(testApp.db, sql`
      SELECT payload FROM jobs WHERE queue = ${DOCUMENT_INGESTION_QUEUE} ORDER BY id DESC LIMIT 1`);
    expect(job?.payload.documentId).toBe(document.id);
    expect(job?.payload.fileId).not.toBe(document.fileId);
  });

  it('takes exactly one new file for a replacement, and keeps the document as it was otherwise', async () => {
    const document = await completedDocument('faq.txt');
    const none = await admin.postForm(`/api/documents/${document.id}/replace`, new FormData());
    expect(none.body.error).toEqual({ message: DOCUMENT_MESSAGES.replaceFileMissing, field: 'file' });
    const two = new FormData();
    two.append('file', new Blob(['one']), 'faq-1.txt');
    two.append('file', new Blob(['two']), 'faq-2.txt');
    expect((await admin.postForm(`/api/documents/${document.id}/replace`, two)).body.error).toEqual({
      message: DOCUMENT_MESSAGES.replaceNeedsOneFile,
      field: 'file',
    });
    const [row] = await sqlRows<{ status: string; replacing_file_id: string | null }>(testApp.db, sql`
      SELECT status, replacing_file_id FROM documents WHERE id = ${document.id}`);
    expect(row).toEqual({ status: 'completed', replacing_file_id: null });
    const orphans = await sqlRows<{ n: number }>(testApp.db, sql`
      SELECT count(*)::int AS n FROM document_files WHERE filename IN ('faq-1.txt', 'faq-2.txt')`);
    expect(orphans).toEqual([{ n: 0 }]);
  });
});

describe('documents given by URL', () => {
  it('refuses loopback, private and metadata addresses, with the reason', async () => {
    for (const url of ['http://127.0.0.1/a.pdf', 'http://10.0.0.1/a.pdf', 'http://169.254.169.254/latest.pdf', 'http://[::1]/a.pdf', 'http://2130706433/a.pdf']) {
      const answer = await admin.post('/api/upload-url', { url, title: 'Manual' });
      expect(answer.status, url).toBe(400);
      expect(answer.body.error?.message, url).toBe('This URL points to a private network address and cannot be fetched.');
    }
    expect((await admin.post('/api/upload-url', { url: 'https://shop.example.com/manual.html', title: 'M' })).body.error?.message).toBe(
      DOCUMENT_MESSAGES.pdfUrlsInvalid,
    );
    expect((await viewer.post('/api/upload-url', { url: 'https://shop.example.com/a.pdf', title: 'M' })).status).toBe(403);
  });
});
