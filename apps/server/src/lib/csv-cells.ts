/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a leading tab or carriage return, OWASP's
 * "CSV injection") is prefixed with a single quote, so Excel, LibreOffice and Sheets show it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutraliseCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** One value as CSV cell text: numbers and booleans as written, objects as JSON, text neutralised. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return neutraliseCell(value);
  return neutraliseCell(JSON.stringify(value));
}
