import { parse as parseCsv } from 'csv-parse/sync';
import { getDocumentProxy } from 'unpdf';
import { INFORM_THE_BOT_FILE_TYPES, MAX_CONTENT_LENGTH } from '@steward/contract/inform-the-bot';
import { HttpError } from '../../lib/http-error.ts';

/** The text of an uploaded .txt, .csv or .pdf file; a clear 400 when there is none to take. */
export async function textOfFile(filename: string, bytes: Buffer): Promise<string> {
  const extension = extensionOf(filename);
  const text =
    extension === '.pdf' ? await textOfPdf(filename, bytes) : extension === '.csv' ? textOfCsv(filename, bytes) : extension === '.txt' ? decodeUtf8(bytes) : undefined;
  if (text === undefined) throw new HttpError(400, `File type must be ${INFORM_THE_BOT_FILE_TYPES.join(', ')}: "${filename}" is not.`, 'files');
  const trimmed = text.trim();
  if (trimmed === '') throw new HttpError(400, `"${filename}" has no text to learn from.`, 'files');
  if (trimmed.length > MAX_CONTENT_LENGTH) throw tooLong(filename);
  return trimmed;
}

export const extensionOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot).toLowerCase();
};

const tooLong = (filename: string) =>
  new HttpError(400, `"${filename}" holds more than ${MAX_CONTENT_LENGTH.toLocaleString('en-US')} characters of text; split it into smaller files.`, 'files');

const decodeUtf8 = (bytes: Buffer): string => new TextDecoder('utf-8').decode(bytes);

/** Each data row as "Header: value; Header: value", so the bot keeps what each value means. */
function textOfCsv(filename: string, bytes: Buffer): string {
  let records: string[][];
  try {
    records = parseCsv(decodeUtf8(bytes), { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new HttpError(400, `"${filename}" is not a readable CSV file (${reason}).`, 'files');
  }
  const [header, ...rows] = records;
  if (!header) return '';
  if (rows.length === 0) return header.join(', ');
  return rows
    .map((row) =>
      row
        .map((value, index) => (header[index] ? `${header[index]}: ${value}` : value))
        .filter((cell) => cell.trim() !== '')
        .join('; '),
    )
    .join('\n');
}

/**
 * Page by page, stopping as soon as the text passes the limit: pdf.js runs on the main
 * thread, so a huge PDF must not be read to the end before it is refused.
 */
async function textOfPdf(filename: string, bytes: Buffer): Promise<string> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') {
      throw new HttpError(400, `"${filename}" is password-protected. Upload a copy without a password.`, 'files');
    }
    throw new HttpError(400, `"${filename}" is not a readable PDF file.`, 'files');
  }
  try {
    const pages: string[] = [];
    let length = 0;
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber += 1) {
      const page = await pdf.getPage(pageNumber);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      length += text.length;
      if (length > MAX_CONTENT_LENGTH) throw tooLong(filename);
      pages.push(text);
    }
    return pages.join('\n');
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, `"${filename}" is not a readable PDF file.`, 'files');
  } finally {
    await pdf.destroy();
  }
}
