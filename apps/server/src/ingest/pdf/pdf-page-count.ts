import { getDocumentProxy } from 'unpdf';

/**
 * The number of pages a PDF says it has (its page tree's count, which bounds what pdf-text.ts reads), or
 * undefined when the file does not open (pdf-text.ts then says why). Reads a copy, so the bytes stay whole.
 */
export async function countPdfPages(bytes: Uint8Array): Promise<number | undefined> {
  const restoreWarn = silenceWarnings();
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
    const pages = pdf.numPages;
    await pdf.destroy();
    return pages;
  } catch {
    return undefined;
  } finally {
    restoreWarn();
  }
}

/** pdf.js warns through console.warn about a file it repairs; pdf-text.ts reads those warnings itself. */
function silenceWarnings(): () => void {
  const original = console.warn;
  console.warn = () => undefined;
  return () => (console.warn = original);
}
