import type { DocumentRow, UploadedFileRow } from '@steward/contract/documents';
import type { StoredFile } from './document-files.repository.ts';
import type { DocumentRecord } from './documents.repository.ts';

export const presentDocument = (document: DocumentRecord, totalCount: number): DocumentRow => ({
  id: document.id,
  file_id: document.fileId,
  filename: document.filename,
  source_url: document.sourceUrl,
  title: document.title,
  uploaded_by: document.uploadedBy,
  upload_date: document.uploadDate.toISOString(),
  status: document.status,
  error: document.status === 'error' ? document.errorMessage : null,
  replacing_filename: document.replacingFilename,
  total_count: totalCount,
});

export const presentUploadedFile = (file: StoredFile, metadata: { title: string; source_url: string }): UploadedFileRow => ({
  file_id: file.fileId,
  filename: file.filename,
  title: metadata.title,
  source_url: metadata.source_url,
});
