import { describe, expect, it } from 'vitest';
import { FILE_TYPE_REFUSAL, detectDocumentKind, looksLikeText } from './document-kind.ts';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('detectDocumentKind', () => {
  it.each([
    ['report.pdf', '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj', 'pdf'],
    ['REPORT.PDF', '%PDF-1.4', 'pdf'],
    ['notes.txt', 'Opening hours: 9 to 5.\r\n', 'txt'],
    ['prices.csv', 'name,price\nTea,2.50\n', 'csv'],
    ['latin1.txt', 'Caf\xe9 cr\xe8me', 'txt'],
  ])('accepts %s by its content', (filename, content, kind) => {
    expect(detectDocumentKind(filename, bytes(content))).toEqual({ ok: true, kind });
  });

  it('accepts a PDF whose header follows a few bytes of junk, as PDF readers do', () => {
    expect(detectDocumentKind('scan.pdf', bytes(`\n\n   %PDF-1.3`))).toEqual({ ok: true, kind: 'pdf' });
  });

  it.each([
    ['photo.png', '\x89PNG\r\n', FILE_TYPE_REFUSAL],
    ['README', 'hello', FILE_TYPE_REFUSAL],
    ['archive.pdf.zip', 'PK\x03\x04', FILE_TYPE_REFUSAL],
    ['error-page.pdf', '<!doctype html><title>404</title>', 'This file is named .pdf but is not a PDF.'],
    ['paper.txt', '%PDF-1.5', 'This file is a PDF but is named .txt: rename it to .pdf.'],
    ['program.txt', 'MZ\x90\x00\x03\x00\x00\x00', 'This file is named .txt but is not a text file.'],
    ['table.csv', 'a,b\n\x01\x02\x03\x04\x05', 'This file is named .csv but is not a text file.'],
    ['empty.txt', '', 'This file is empty.'],
  ])('refuses %s with a clear reason', (filename, content, reason) => {
    expect(detectDocumentKind(filename, bytes(content))).toEqual({ ok: false, reason });
  });
});

describe('looksLikeText', () => {
  it('takes UTF-16 with its byte order mark as text, NUL bytes and all', () => {
    expect(looksLikeText(new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]))).toBe(true);
  });

  it('refuses UTF-16 without a byte order mark (it cannot be told from binary)', () => {
    expect(looksLikeText(new Uint8Array([0x68, 0x00, 0x69, 0x00]))).toBe(false);
  });
});
