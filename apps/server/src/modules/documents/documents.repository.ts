import { sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@steward/contract/paging';
import type { DocumentStatus } from '@steward/contract/documents';
import type { Db } from '../../db/client.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export interface DocumentRecord {
  id: number;
  fileId: string;
  filename: string;
  title: string;
  sourceUrl: string;
  uploadedBy: string;
  uploadDate: Date;
  status: DocumentStatus;
  errorMessage: string | null;
  replacingFileId: string | null;
  replacingFilename: string | null;
}

interface DocumentSqlRow {
  id: number;
  file_id: string;
  filename: string;
  title: string;
  source_url: string;
  uploaded_by: string;
  upload_date: Date | string;
  status: DocumentStatus;
  error_message: string | null;
  replacing_file_id: string | null;
  replacing_filename: string | null;
}

const COLUMNS = sql`id, file_id, filename, title, source_url, uploaded_by, upload_date, status, error_message, replacing_file_id, replacing_filename`;

const toRecord = (row: DocumentSqlRow): DocumentRecord => ({
  id: row.id,
  fileId: row.file_id,
  filename: row.filename,
  title: row.title,
  sourceUrl: row.source_url,
  uploadedBy: row.uploaded_by,
  uploadDate: new Date(row.upload_date),
  status: row.status,
  errorMessage: row.error_message,
  replacingFileId: row.replacing_file_id,
  replacingFilename: row.replacing_filename,
});

/** One page, newest first; a website's pages are inside its card (site-sources.repository.ts), not cards of their own. Documents are uploaded by staff, in the hundreds: OFFSET and a window count stay cheap. */
export async function listDocumentsPage(db: Db, pageIndex: number): Promise<{ documents: DocumentRecord[]; totalCount: number }> {
  const rows = await sqlRows<DocumentSqlRow & { total_count: string | number }>(db, sql`
    SELECT ${COLUMNS}, count(*) OVER () AS total_count FROM documents WHERE site_id IS NULL
    ORDER BY upload_date DESC, id DESC
    LIMIT ${PAGE_SIZE.documents} OFFSET ${pageIndex * PAGE_SIZE.documents}`);
  const totalCount = rows[0] ? Number(rows[0].total_count) : await countDocuments(db);
  return { documents: rows.map(toRecord), totalCount };
}

export async function countDocuments(db: Db): Promise<number> {
  const rows = await sqlRows<{ total: string | number }>(db, sql`SELECT count(*) AS total FROM documents WHERE site_id IS NULL`);
  return Number(rows[0]?.total ?? 0);
}

export async function findDocument(db: Db, by: { id: number } | { fileId: string }, options: { forUpdate?: boolean } = {}): Promise<DocumentRecord | undefined> {
  const where = 'id' in by ? sql`id = ${by.id}` : sql`file_id = ${by.fileId}`;
  const rows = await sqlRows<DocumentSqlRow>(db, sql`
    SELECT ${COLUMNS} FROM documents WHERE ${where} AND site_id IS NULL ${options.forUpdate ? sql`FOR UPDATE` : sql``}`);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export interface NewDocument {
  fileId: string;
  filename: string;
  kind: string;
  byteSize: number;
  title: string;
  sourceUrl: string;
  uploadedBy: { id: number; name: string };
}

/** Adds documents in progress; several at once share one upload date, the last one on top. */
export async function createDocuments(db: Db, documents: readonly NewDocument[]): Promise<DocumentRecord[]> {
  if (documents.length === 0) return [];
  const values = documents.map(
    (document) => sql`(${document.fileId}, ${document.filename}, ${document.title}, ${document.sourceUrl}, ${document.kind},
      ${document.byteSize}, ${document.uploadedBy.name}, ${document.uploadedBy.id})`,
  );
  const rows = await sqlRows<DocumentSqlRow>(db, sql`
    INSERT INTO documents (file_id, filename, title, source_url, content_type, byte_size, uploaded_by, uploaded_by_user_id)
    VALUES ${sql.join(values, sql`, `)}
    RETURNING ${COLUMNS}`);
  return rows.map(toRecord).sort((a, b) => b.id - a.id);
}

export async function saveDocumentMetadata(db: Db, id: number, metadata: { title: string; sourceUrl: string }): Promise<DocumentRecord | undefined> {
  const rows = await sqlRows<DocumentSqlRow>(db, sql`
    UPDATE documents SET title = ${metadata.title}, source_url = ${metadata.sourceUrl} WHERE id = ${id} RETURNING ${COLUMNS}`);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** A new version starts indexing: the document is in progress until it is swapped in (or fails). */
export async function startReplacement(db: Db, id: number, file: { fileId: string; filename: string }): Promise<DocumentRecord | undefined> {
  const rows = await sqlRows<DocumentSqlRow>(db, sql`
    UPDATE documents SET status = 'in_progress', error_message = NULL, replacing_file_id = ${file.fileId}, replacing_filename = ${file.filename}
    WHERE id = ${id} RETURNING ${COLUMNS}`);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export async function deleteDocument(db: Db, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM documents WHERE id = ${id}`);
}

/** Indexing succeeded: the document answers with its new chunks. */
export async function markDocumentCompleted(db: Db, id: number): Promise<void> {
  await db.execute(sql`UPDATE documents SET status = 'completed', error_message = NULL WHERE id = ${id}`);
}

/** The new version indexed: it becomes the document's own file (the caller deletes the old one). */
export async function swapInReplacementFile(
  db: Db,
  id: number,
  file: { fileId: string; filename: string; kind: string; byteSize: number },
): Promise<void> {
  await db.execute(sql`
    UPDATE documents SET file_id = ${file.fileId}, filename = ${file.filename}, content_type = ${file.kind}, byte_size = ${file.byteSize},
      replacing_file_id = NULL, replacing_filename = NULL
    WHERE id = ${id}`);
}

/** A new version that could not be indexed is dropped; the document keeps its indexed version and says why. */
export async function dropFailedReplacement(db: Db, id: number, errorMessage: string): Promise<void> {
  await db.execute(sql`
    UPDATE documents SET status = 'error', replacing_file_id = NULL, replacing_filename = NULL,
      error_message = ${errorMessage}
    WHERE id = ${id}`);
}

/** A first version that could not be indexed ends in error with the reason. */
export async function markDocumentFailed(db: Db, id: number, reason: string): Promise<void> {
  await db.execute(sql`UPDATE documents SET status = 'error', error_message = ${reason} WHERE id = ${id}`);
}

/** Any document with passages, a website's page included (the chunk viewer, a search scoped to it). */
export interface ChunkedDocument {
  id: number;
  title: string;
  filename: string;
  sourceUrl: string;
  status: DocumentStatus;
  siteId: number | null;
}

export async function findChunkedDocument(db: Db, id: number): Promise<ChunkedDocument | undefined> {
  const [row] = await sqlRows<{ id: number; title: string; filename: string; source_url: string; status: DocumentStatus; site_id: number | null }>(db, sql`
    SELECT id, title, filename, source_url, status, site_id FROM documents WHERE id = ${id}`);
  return row ? { id: row.id, title: row.title, filename: row.filename, sourceUrl: row.source_url, status: row.status, siteId: row.site_id } : undefined;
}

/** Uploaded documents whose reading or indexing failed, newest first, with how many there are (the weekly report). */
export async function listFailedDocuments(db: Db, limit: number): Promise<{ documents: DocumentRecord[]; totalCount: number }> {
  const rows = await sqlRows<DocumentSqlRow & { total_count: string | number }>(db, sql`
    SELECT ${COLUMNS}, count(*) OVER () AS total_count FROM documents WHERE site_id IS NULL AND status = 'error'
    ORDER BY upload_date DESC, id DESC LIMIT ${limit}`);
  return { documents: rows.map(toRecord), totalCount: rows[0] ? Number(rows[0].total_count) : 0 };
}
