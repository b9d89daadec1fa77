import Papa from 'papaparse';

// How a spreadsheet reads an exported CSV file, for the export tests and the security check's CSV probe (issue 52).

/** A cell, or a part of one after a separator a spreadsheet may split on, that a spreadsheet would run as a formula. */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-\d+(\.\d+)?$/;

/** Where a cell (or a part of it after `,`, `;`, a tab or a line break) would start a formula; undefined when none does. */
export function formulaIn(cell: string): string | undefined {
  if (FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell)) return cell;
  for (const part of cell.split(/[,;\t\r\n]/).slice(1)) {
    const start = part.replace(/^[\s"']+/, '');
    if (FORMULA_START.test(start) && !PLAIN_NUMBER.test(start)) return part;
  }
  return undefined;
}

/**
 * The rows of a CSV file as a spreadsheet splits them: any line break outside quotes (CR LF, LF or a lone CR) ends
 * a row. A lenient parser that takes the first line's CR LF as the only row end would keep a bare LF in its cell and
 * hide the split (csv-parse, the writer's sibling, does so).
 */
export const readAsSpreadsheet = (text: string): string[][] =>
  Papa.parse<string[]>(text.replace(/\r\n?/g, '\n'), { newline: '\n', skipEmptyLines: true }).data;
