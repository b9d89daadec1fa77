import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { ExportFormat } from '@steward/contract/exports';
import { csvCell } from './csv-cells.ts';

/** A field of an exported row: its name (the CSV header, the JSON key) and its value. */
export interface ExportField<Row> {
  name: string;
  value: (row: Row) => unknown;
}

/**
 * How each CSV record is written: CR LF between records (RFC 4180) and every field in double quotes, as OWASP's CSV
 * injection guidance advises, so a line break or separator in a visitor's text stays in its cell. With a
 * `record_delimiter` set, csv-stringify quotes only fields holding that exact delimiter unless
 * `quote_record_delimiter` says otherwise: a bare line feed was written unquoted and split the row (issue 52).
 */
const CSV_RECORD = { record_delimiter: 'windows', quoted: true, quote_record_delimiter: true } as const;

/**
 * The export as a byte stream in constant memory: one batch is read when the response has room for more
 * (Readable.from pulls the generator only as the socket drains), written as CSV (csv-stringify quotes and
 * escapes; csv-cells.ts neutralises formulas) or as JSON lines.
 */
export function exportStream<Row>(format: ExportFormat, fields: readonly ExportField<Row>[], batches: AsyncIterable<Row[]>): Readable {
  const line = (row: Row): string =>
    format === 'csv'
      ? stringify([fields.map((field) => csvCell(field.value(row)))], CSV_RECORD)
      : `${JSON.stringify(Object.fromEntries(fields.map((field) => [field.name, field.value(row)])))}\n`;
  async function* lines(): AsyncGenerator<string> {
    if (format === 'csv') yield stringify([fields.map((field) => field.name)], CSV_RECORD);
    for await (const batch of batches) yield batch.map(line).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** The fields of an export: these keys of its rows, as named in the contract. */
export const fieldsOf = <Row>(names: readonly (keyof Row & string)[]): ExportField<Row>[] => names.map((name) => ({ name, value: (row: Row) => row[name] }));

/** Each batch turned into the rows an export writes (presented, with what a batch needs looked up at once). */
export async function* mapBatches<Raw, Row>(batches: AsyncIterable<Raw[]>, present: (batch: Raw[]) => Promise<Row[]> | Row[]): AsyncGenerator<Row[]> {
  for await (const batch of batches) yield await present(batch);
}
