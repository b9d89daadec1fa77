import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_MESSAGES,
  extensionOf,
  isAcceptedDocumentName,
  isHttpUrl,
  isPdfUrl,
  knowledgeSearchRequest,
  registerFilesRequest,
  updateDocumentRequest,
  uploadUrlRequest,
} from './documents.ts';

describe('document rules', () => {
  it('accepts http(s) source URLs only', () => {
    expect(isHttpUrl('https://shop.example.com/manual')).toBe(true);
    expect(isHttpUrl('http://shop.example.com')).toBe(true);
    for (const bad of ['ftp://shop.example.com/a.pdf', 'javascript:alert(1)', 'shop.example.com', 'https://', '']) {
      expect(isHttpUrl(bad)).toBe(false);
    }
  });

  it('takes a document URL only when its path ends in .pdf', () => {
    expect(isPdfUrl('https://shop.example.com/manual.PDF?download=1#page=2')).toBe(true);
    expect(isPdfUrl('https://shop.example.com/manual.pdf.html')).toBe(false);
    expect(isPdfUrl('https://shop.example.com/?file=manual.pdf')).toBe(false);
  });

  it('accepts .txt, .csv and .pdf names whatever their case', () => {
    expect(extensionOf('Price List.CSV')).toBe('.csv');
    expect(['a.txt', 'b.csv', 'c.PDF'].every(isAcceptedDocumentName)).toBe(true);
    expect(['a.docx', 'pdf', 'a.pdf.exe'].some(isAcceptedDocumentName)).toBe(false);
  });

  it('answers the spec messages for a document edit', () => {
    const result = updateDocumentRequest.safeParse({ title: '  ', source_url: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([DOCUMENT_MESSAGES.titleRequired, DOCUMENT_MESSAGES.sourceUrlInvalid]);
  });

  it('answers the spec messages for uploads and URL rows', () => {
    const files = registerFilesRequest.safeParse({ filesData: [{ file_id: 'f', title: '', source_url: 'x' }] });
    expect(files.error?.issues.map((issue) => issue.message)).toEqual([DOCUMENT_MESSAGES.titlesRequired, DOCUMENT_MESSAGES.sourceUrlsInvalid]);
    const url = uploadUrlRequest.safeParse({ url: 'https://shop.example.com/manual.html', title: 'Manual' });
    expect(url.error?.issues[0]?.message).toBe(DOCUMENT_MESSAGES.pdfUrlsInvalid);
  });

  it('defaults a knowledge search to five passages and refuses an empty question', () => {
    expect(knowledgeSearchRequest.parse({ query: ' returns ' })).toEqual({ query: 'returns', k: 5 });
    expect(knowledgeSearchRequest.safeParse({ query: '  ' }).success).toBe(false);
    expect(knowledgeSearchRequest.safeParse({ query: 'a', k: 51 }).success).toBe(false);
  });
});
