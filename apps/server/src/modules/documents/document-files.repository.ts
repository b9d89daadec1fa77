import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { detectDocumentKind, type DocumentKind, KIND_SNIFF_BYTES } from '../../ingest/reading/document-kind.ts';
import { HttpError } from '../../lib/http-error.ts';
import { cleanLabel } from '@steward/contract/text-safety';

/** Originals are stored in parts of this size: an upload never sits whole in memory. */
export const FILE_PART_BYTES = 1024 * 1024;

/**
 * A part's bytes travel as base64 text, turned into bytea by the database (decode) and back (encode). The
 * embedded database's own bytea parameters and results are converted byte by byte on the server's one
 * thread: a 1 MB part took 2–4 s to store and 1–3 s to read on a 2-core machine, during which no request and
 * no job (an invitation's mail, say) moved; as base64, 0.4–0.7 s and under 0.1 s. PostgreSQL takes the same
 * statements, and base64 is smaller on the wire than the hex a bytea parameter is sent as.
 */
const partBytes = (part: Buffer) => sql`decode(${part.toString('base64')}, 'base64')`;

export interface StoredFile {
  fileId: string;
  filename: string;
  kind: DocumentKind;
  byteSize: number;
}

export const tooLargeMessage = (maxBytes: number): string =>
  `This file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, the largest Steward takes (UPLOAD_MAX_MB).`;

/**
 * Streams a file into document_files / document_file_parts. The kind is checked on the first
 * bytes, by content as well as by name; a refused or oversized file leaves no row behind.
 */
export async function storeFile(
  db: Db,
  input: { filename: string; uploadedByUserId: number | null; maxBytes: number },
  source: AsyncIterable<Buffer | Uint8Array>,
): Promise<StoredFile> {
  const fileId = randomUUID();
  const filename = cleanFilename(input.filename);
  let kind: DocumentKind | undefined;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let byteSize = 0;
  let partNo = 0;

  const startFile = async (head: Buffer) => {
    const detection = detectDocumentKind(filename, head);
    if (!detection.ok) throw new HttpError(400, `${filename}: ${detection.reason}`, 'files');
    kind = detection.kind;
    await db.execute(sql`
      INSERT INTO document_files (file_id, filename, kind, uploaded_by_user_id) VALUES (${fileId}, ${filename}, ${kind}, ${input.uploadedByUserId})`);
  };
  const flush = async (all: boolean) => {
    while (pendingBytes >= FILE_PART_BYTES || (all && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const part = joined.subarray(0, FILE_PART_BYTES);
      const rest = joined.subarray(part.byteLength);
      if (!kind) await startFile(part.subarray(0, KIND_SNIFF_BYTES));
      await db.execute(sql`INSERT INTO document_file_parts (file_id, part_no, bytes) VALUES (${fileId}, ${partNo}, ${partBytes(part)})`);
      partNo += 1;
      pending = rest.byteLength > 0 ? [Buffer.from(rest)] : [];
      pendingBytes = rest.byteLength;
    }
  };

  try {
    for await (const chunk of source) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      byteSize += bytes.byteLength;
      if (byteSize > input.maxBytes) throw new HttpError(413, `${filename}: ${tooLargeMessage(input.maxBytes)}`, 'files');
      pending.push(bytes);
      pendingBytes += bytes.byteLength;
      await flush(false);
    }
    if (byteSize === 0) throw new HttpError(400, `${filename}: This file is empty.`, 'files');
    await flush(true);
    await db.execute(sql`UPDATE document_files SET complete = true, byte_size = ${byteSize} WHERE file_id = ${fileId}`);
  } catch (error) {
    await deleteFile(db, fileId);
    throw error;
  }
  if (!kind) throw new Error('A stored file has no kind.');
  return { fileId, filename, kind, byteSize };
}

/** The whole original, for the ingestion job (PDF parsing needs it in one piece). */
export async function readFileBytes(db: Db, fileId: string): Promise<Buffer | undefined> {
  const files = await sqlRows<{ complete: boolean }>(db, sql`SELECT complete FROM document_files WHERE file_id = ${fileId}`);
  if (!files[0]?.complete) return undefined;
  // As base64 text for the reason partBytes gives (encode's line breaks are skipped by Buffer.from).
  const parts = await sqlRows<{ base64: string }>(db, sql`
    SELECT encode(bytes, 'base64') AS base64 FROM document_file_parts WHERE file_id = ${fileId} ORDER BY part_no`);
  return Buffer.concat(parts.map((part) => Buffer.from(part.base64, 'base64')));
}

export async function findStoredFile(
  db: Db,
  fileId: string,
  options: { forUpdate?: boolean } = {},
): Promise<(StoredFile & { uploadedByUserId: number | null }) | undefined> {
  const rows = await sqlRows<{ file_id: string; filename: string; kind: DocumentKind; byte_size: string | number; uploaded_by_user_id: number | null }>(
    db,
    sql`SELECT file_id, filename, kind, byte_size, uploaded_by_user_id FROM document_files WHERE file_id = ${fileId} AND complete${options.forUpdate ? sql` FOR UPDATE` : sql``}`,
  );
  const row = rows[0];
  return row
    ? { fileId: row.file_id, filename: row.filename, kind: row.kind, byteSize: Number(row.byte_size), uploadedByUserId: row.uploaded_by_user_id }
    : undefined;
}

export async function deleteFile(db: Db, fileId: string): Promise<void> {
  await db.execute(sql`DELETE FROM document_files WHERE file_id = ${fileId}`);
}

/** A name to show and store: no path, no control characters, at most 255 characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control, zero-width and bidirectional-override characters out: "invoice\u202Efdp.exe" must not pass for a PDF's name.
  const cleaned = cleanLabel(base).trim();
  return (cleaned || 'document').slice(0, 255);
}
