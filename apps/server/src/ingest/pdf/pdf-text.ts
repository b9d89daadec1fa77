import { getDocumentProxy } from 'unpdf';
import { type DocumentPage, type PageLine } from '../reading/document-kind.ts';
import { PDF_REASONS } from './pdf-reasons.ts';

export type PdfTextOutcome = { ok: true; pages: DocumentPage[] } | { ok: false; reason: string; detail?: string };

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * The text of each page that has some, read with pdf.js (through unpdf). Runs in the PDF worker
 * (pdf-worker.ts): pdf.js does its work on the thread that calls it. pdf.js repairs what it can of
 * a damaged file; when the repair still yields no text, the file is called damaged rather than a scan.
 */
export async function extractPdfText(bytes: Uint8Array): Promise<PdfTextOutcome> {
  const warnings = captureWarnings();
  let pdf: PdfDocument;
  try {
    // Verbosity 1 (warnings): pdf.js says "Indexing all PDF objects" when it had to rebuild a broken file.
    pdf = await getDocumentProxy(bytes, { verbosity: 1, isEvalSupported: false });
  } catch (error) {
    warnings.stop();
    const name = error instanceof Error ? error.name : '';
    return { ok: false, reason: name === 'PasswordException' ? PDF_REASONS.password : PDF_REASONS.damaged, detail: describe(error) };
  }
  try {
    const pages: DocumentPage[] = [];
    let failedPages = 0;
    for (let page = 1; page <= pdf.numPages; page += 1) {
      try {
        const { text, lines } = await pageText(pdf, page);
        if (text.trim() !== '') pages.push({ page, text, lines });
      } catch {
        failedPages += 1;
      }
    }
    if (pages.length > 0) return { ok: true, pages };
    const repaired = warnings.seen.some((warning) => warning.includes('Indexing all PDF objects'));
    if (repaired || failedPages > 0) return { ok: false, reason: PDF_REASONS.damaged, detail: warnings.seen.slice(0, 3).join('; ') };
    const encrypted = await isEncrypted(pdf);
    return { ok: false, reason: encrypted ? PDF_REASONS.protectedNoText : PDF_REASONS.noText };
  } finally {
    warnings.stop();
    await pdf.destroy();
  }
}

/**
 * A page's text and its lines as pdf.js lays them out: a line ends where pdf.js marks an end of line. Each
 * line keeps its largest font size and its height on the page, which tell headings from body text and
 * running headers and footers from the rest (clean-pages.ts).
 */
async function pageText(pdf: PdfDocument, pageNumber: number): Promise<{ text: string; lines: PageLine[] }> {
  const page = await pdf.getPage(pageNumber);
  const height = page.getViewport({ scale: 1 }).height || 1;
  const content = await page.getTextContent();
  page.cleanup();
  const lines: PageLine[] = [];
  let text = '';
  let line = { text: '', size: 0, top: Number.NaN };
  const endLine = () => {
    if (line.text.trim() !== '') lines.push({ text: line.text.trim(), size: Math.round(line.size * 10) / 10, top: Number.isNaN(line.top) ? 0.5 : line.top });
    line = { text: '', size: 0, top: Number.NaN };
  };
  for (const item of content.items) {
    if (!('str' in item)) continue;
    text += item.str + (item.hasEOL ? '\n' : '');
    line.text += item.str;
    if (item.str.trim() !== '') {
      line.size = Math.max(line.size, Math.abs(item.height || Math.hypot(item.transform[2] ?? 0, item.transform[3] ?? 0)));
      if (Number.isNaN(line.top)) line.top = Math.min(1, Math.max(0, 1 - (item.transform[5] ?? 0) / height));
    }
    if (item.hasEOL) endLine();
  }
  endLine();
  return { text, lines };
}

async function isEncrypted(pdf: PdfDocument): Promise<boolean> {
  try {
    const { info } = await pdf.getMetadata();
    return typeof info === 'object' && info !== null && 'EncryptFilterName' in info && Boolean(info.EncryptFilterName);
  } catch {
    return false;
  }
}

/**
 * pdf.js reports warnings through console.warn. The PDF worker reads one file and ends, so taking
 * over its console.warn for that time touches nothing else.
 */
function captureWarnings(): { seen: string[]; stop: () => void } {
  const seen: string[] = [];
  const original = console.warn;
  console.warn = (...parts: unknown[]) => {
    if (seen.length < 100) seen.push(parts.map(String).join(' '));
  };
  return { seen, stop: () => (console.warn = original) };
}

const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
