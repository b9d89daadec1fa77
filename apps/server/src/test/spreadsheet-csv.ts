import Papa from 'papaparse';

// How a spreadsheet reads an exported CSV file, for the export tests and the security check's CSV probe (issue 52).

/**
 * A formula character (OWASP's CSV injection list, full-width forms included) where a spreadsheet may begin a cell:
 * at the start of the text or of a part after a separator it may split on, spaces and double quotes before it.
 */
const FORMULA_START = /^[ "]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A tab, carriage return or line feed first in a cell, which OWASP's list also counts. */
const CONTROL_START = /^[\t\r\n]/;
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;

/** The text (a whole cell, or a part of it after `,`, `;`, a tab or a line break) that would start a formula; undefined when none does. */
export function formulaIn(cell: string): string | undefined {
  if (CONTROL_START.test(cell) || (FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell))) return cell;
  return cell
    .split(/[,;\t\r\n]/)
    .slice(1)
    .find((part) => FORMULA_START.test(part) && !PLAIN_NUMBER.test(part.trim()));
}

/**
 * The rows of a CSV file as a spreadsheet splits them: any line break outside quotes (CR LF, LF or a lone CR) ends
 * a row. A lenient parser that takes the first line's CR LF as the only row end would keep a bare LF in its cell and
 * hide the split (csv-parse, the writer's sibling, does so).
 */
export const readAsSpreadsheet = (text: string): string[][] =>
  Papa.parse<string[]>(text.replace(/\r\n?/g, '\n'), { newline: '\n', skipEmptyLines: true }).data;
