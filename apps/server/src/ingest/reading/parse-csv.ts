import { CsvError, parse } from 'csv-parse/sync';
import { type DocumentPage } from './document-kind.ts';
import { IngestError } from '../ingest-error.ts';
import { readTextFile } from './parse-text.ts';

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * A .csv file as one page of text the bot can read: each row becomes "column: value" lines (empty
 * values left out) under the header's names, and rows are separated by a blank line, so the chunker
 * keeps a row together. The delimiter (comma, semicolon, tab or bar) is the one the header uses most.
 */
export function parseCsvFile(bytes: Uint8Array): DocumentPage[] {
  const text = readTextFile(bytes);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: guessDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    throw new IngestError(csvFailure(error), { cause: error });
  }
  const [header, ...rows] = records;
  if (!header) throw new IngestError('This file has no text.');
  if (rows.length === 0) throw new IngestError('This CSV file has a header but no rows.');
  const names = header.map((name, index) => name || columnName(index));
  const rowTexts = rows
    .map((row) =>
      row
        .map((value, index) => (value === '' ? '' : `${names[index] ?? columnName(index)}: ${value}`))
        .filter((line) => line !== '')
        .join('\n'),
    )
    .filter((rowText) => rowText !== '');
  if (rowTexts.length === 0) throw new IngestError('This CSV file has no values.');
  return [{ page: 1, text: rowTexts.join('\n\n') }];
}

const columnName = (index: number): string => `Column ${index + 1}`;

/** The delimiter the first line uses most, outside quotes; a comma when it uses none. */
export function guessDelimiter(text: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (DELIMITERS as readonly string[]).includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ',';
  for (const delimiter of DELIMITERS) if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

function csvFailure(error: unknown): string {
  if (!(error instanceof CsvError)) return 'This CSV file cannot be read.';
  const line = typeof error.lines === 'number' ? ` (line ${error.lines})` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'This CSV file cannot be read: a quoted value is never closed.';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `This CSV file cannot be read: a quoted value has text after its closing quote${line}.`;
    default:
      return `This CSV file cannot be read${line}.`;
  }
}
