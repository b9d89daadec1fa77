import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFORM_THE_BOT_MESSAGES, MAX_UPLOAD_FILE_BYTES } from '@steward/contract/inform-the-bot';
import type { ApiClient } from '../../test/api-client.ts';
import { testDataPath } from '../../test/test-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const PDF_DIR = testDataPath('pdf');
const pdfFixture = (name: string) => fs.readFileSync(path.join(PDF_DIR, name));

let testApp: TestApp;
let client: ApiClient;
beforeAll(async () => {
  testApp = await createTestApp();
  ({ client } = await testApp.signedInClient('viewer'));
});
afterAll(() => testApp.close());

type UploadFile = { name: string; bytes: Buffer | string };

/** Sends multipart/form-data as the browser does, with this client's session cookie. */
async function upload(content: string | undefined, files: UploadFile[], as: ApiClient = client) {
  const form = new FormData();
  if (content !== undefined) form.append('content', content);
  for (const file of files) form.append('files', new Blob([file.bytes]), file.name);
  return as.postForm('/api/inform-the-bot/upload', form);
}

/** A PDF whose Encrypt dictionary the empty password does not open. */
function passwordProtectedPdf(): Buffer {
  const filler = (byte: number) => Buffer.alloc(32, byte).toString('hex');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${filler(7)}> /U <${filler(9)}> /P -44 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  const id = filler(1).slice(0, 32);
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('POST /api/inform-the-bot/upload', () => {
  it('turns typed content and each file into items, the file ones of type file', async () => {
    const answer = await upload('Typed note', [
      { name: 'hours.txt', bytes: '\uFEFFWe open at 9.\n' },
      { name: 'prices.csv', bytes: 'Product,Price\nTea,3\n"Coffee, large",4\n' },
    ]);
    expect(answer.status).toBe(200);
    const rows = answer.body.data?.rows ?? [];
    expect(rows.map((row) => [row.type, row.content])).toEqual([
      ['file', 'Product: Tea; Price: 3\nProduct: Coffee, large; Price: 4'],
      ['file', 'We open at 9.'],
      ['information', 'Typed note'],
    ]);
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    const listed = await client.get('/api/inform-the-bot/0');
    expect(listed.body.data?.rows.slice(0, 3).map((row) => row.id)).toEqual(rows.map((row) => row.id));
  });

  it('takes the text of a PDF', async () => {
    const answer = await upload(undefined, [{ name: 'three_pages_with_number.pdf', bytes: pdfFixture('three_pages_with_number.pdf') }]);
    expect(answer.status).toBe(200);
    expect(answer.body.data?.rows[0]).toMatchObject({ type: 'file' });
    expect(String(answer.body.data?.rows[0]?.content).replace(/\s+/g, ' ')).toBe('1 2 3');
  });

  it.each(['empty.pdf', 'empty_protected.pdf', 'GHOSTSCRIPT-698804-1-fuzzed.pdf'])(
    'refuses %s, which has no text, with a clear 400',
    async (name) => {
      const answer = await upload(undefined, [{ name, bytes: pdfFixture(name) }]);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toBe(`"${name}" has no text to learn from.`);
    },
  );

  it('refuses a password-protected PDF with a clear 400', async () => {
    const answer = await upload(undefined, [{ name: 'secret.pdf', bytes: passwordProtectedPdf() }]);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe('"secret.pdf" is password-protected. Upload a copy without a password.');
  });

  it.each([
    ['junk.pdf', 'this is not a PDF at all'],
    ['zero.pdf', ''],
  ])('refuses a broken PDF (%s) with a clear 400', async (name, bytes) => {
    const answer = await upload(undefined, [{ name, bytes }]);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(`"${name}" is not a readable PDF file.`);
  });

  it('creates nothing when one of the files fails', async () => {
    const before = (await client.get('/api/inform-the-bot/0')).body.data?.rows[0]?.id;
    const answer = await upload('Typed', [{ name: 'broken.pdf', bytes: 'junk' }]);
    expect(answer.status).toBe(400);
    expect((await client.get('/api/inform-the-bot/0')).body.data?.rows[0]?.id).toBe(before);
  });

  it('refuses other file types, empty files, and nothing at all', async () => {
    const image = await upload(undefined, [{ name: 'photo.png', bytes: 'x' }]);
    expect(image.status).toBe(400);
    expect(image.body.error?.message).toBe('File type must be .txt, .csv, .pdf: "photo.png" is not.');
    const empty = await upload(undefined, [{ name: 'empty.txt', bytes: '  \n' }]);
    expect(empty.body.error?.message).toBe('"empty.txt" has no text to learn from.');
    const nothing = await upload('   ', []);
    expect(nothing.status).toBe(400);
    expect(nothing.body.error).toEqual({ message: INFORM_THE_BOT_MESSAGES.addContentRequired, field: 'content' });
  });

  it('refuses a file over the size limit with 413', async () => {
    const answer = await upload(undefined, [{ name: 'big.txt', bytes: Buffer.alloc(MAX_UPLOAD_FILE_BYTES + 1, 'a') }]);
    expect(answer.status).toBe(413);
    expect(answer.body.error?.message).toBe('Each file must be at most 10 MB.');
  });

  it('refuses more than 10 files', async () => {
    const files = Array.from({ length: 11 }, (_, index) => ({ name: `f${index}.txt`, bytes: 'text' }));
    const answer = await upload(undefined, files);
    expect(answer.status).toBe(413);
    expect(answer.body.error?.message).toBe('Too many files: at most 10 at once.');
  });

  it('needs login, and leaves the JSON calls working', async () => {
    const anonymous = testApp.client();
    const answer = await upload('x', [], anonymous);
    expect(answer.status).toBe(401);
    expect((await client.post('/api/inform-the-bot', { content: 'Still JSON' })).status).toBe(200);
    expect((await client.postRaw('/api/inform-the-bot', '--x--', 'multipart/form-data; boundary=x')).status).toBe(415);
  });
});
