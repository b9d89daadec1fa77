/**
 * Spreadsheet formulas neutralised (OWASP's "CSV injection"): a single quote goes before every formula character
 * (=, +, -, @, and their full-width forms ＝ ＋ － ＠) where a spreadsheet may begin a cell, which is at the start
 * of the text and after each separator it may split on in another locale or import (comma, semicolon, tab, a line
 * break), spaces and double quotes between them kept; and before a tab, carriage return or line feed that opens
 * the text. Excel, LibreOffice and Sheets then show the text, never run it.
 */
const FORMULA_WHERE_A_CELL_BEGINS = /(^|[,;\t\r\n])([ "]*)([=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;
const CONTROL_FIRST = /^[\t\r\n]/;

export function neutraliseCell(text: string): string {
  const quoted = text.replace(FORMULA_WHERE_A_CELL_BEGINS, "$1$2'$3");
  return CONTROL_FIRST.test(quoted) ? `'${quoted}` : quoted;
}

/** One value as CSV cell text: numbers and booleans as written, objects as JSON, text neutralised. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return neutraliseCell(value);
  return neutraliseCell(JSON.stringify(value));
}
