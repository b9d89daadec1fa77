/** The job queue that turns a registered document into searchable chunks: { documentId, fileId }. */
export const DOCUMENT_INGESTION_QUEUE = 'document-ingestion';

export interface DocumentIngestionPayload {
  documentId: number;
  /** The file to index: the document's own, or the new version that replaces it. */
  fileId: string;
}

/**
 * The job queue that indexes an indexed document again from its stored file ({ documentId, fileId }): queued
 * once per document by the upgrade that changed how documents are cleaned and cut (migration 2200).
 */
export const DOCUMENT_REINDEX_QUEUE = 'knowledge-reindex';
