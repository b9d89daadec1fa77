/**
 * A table in a text file, read as a table: a header line whose cells are column names, then rows with as many
 * cells, split by "|" or by runs of two or more spaces or a tab. A row quoted in an answer keeps its header, each
 * cell after its column's name ("Model: K-200; Capacity: 1.7 l; Power: 2200 W"), so the answer says what the
 * numbers are. A help text's lines ("-c, --stdout   write on standard output") are not a table: their first
 * line is no header.
 */

/** A line of a table: its cells, and the header's when it is a row under one. */
export interface TableLine {
  line: string;
  cells?: readonly string[];
  header?: readonly string[];
}

/** A rule under a header ("|---|:---:|", "-----  ------"). */
const RULE = /^[\s|:+=-]+$/;
/** A column's name: short, starting with a letter, no sentence's end and no code. */
const COLUMN_NAME = /^\p{L}[^.!?;:/\\=$<>{}`@]{0,39}$/u;
/** At least this share of the rows must have the header's number of cells. */
const FITTING_SHARE = 0.6;
const FEWEST_ROWS = 2;

export function cellsOf(line: string): string[] {
  const trimmed = line.trim();
  const cells = trimmed.includes('|') ? trimmed.replace(/^\|/, '').replace(/\|$/, '').split('|') : trimmed.split(/\t+|\s{2,}/);
  return cells.map((cell) => cell.trim());
}

/** The lines of a piece of text, those of a table's rows with their cells and its header's. */
export function linesOfTable(piece: string): TableLine[] {
  const lines = piece.split('\n').filter((line) => line.trim() !== '');
  const plain = lines.map((line) => ({ line }));
  const [first, ...rest] = lines;
  if (first === undefined) return plain;
  const header = cellsOf(first);
  if (header.length < 2 || !header.every((cell) => COLUMN_NAME.test(cell))) return plain;
  const rows = rest.filter((line) => !RULE.test(line));
  const fitting = rows.filter((line) => cellsOf(line).length === header.length).length;
  if (rows.length < FEWEST_ROWS || fitting < rows.length * FITTING_SHARE) return plain;
  return [{ line: first }, ...rows.map((line) => ({ line, cells: cellsOf(line), header }))];
}

/** A row as an answer says it: each cell after its column's name, or the header before the row when they do not pair up. */
export function rowWithHeader(text: string, cells: readonly string[] | undefined, header: readonly string[] | undefined): string {
  if (!cells || !header) return text;
  if (cells.length !== header.length) return `${header.join(', ')}: ${text}`;
  return cells
    .map((cell, column) => (cell === '' ? '' : `${header[column] ?? ''}: ${cell}`))
    .filter((pair) => pair !== '')
    .join('; ');
}
