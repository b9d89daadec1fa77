/** The job queue that turns a registered document into searchable chunks: { documentId, fileId }. */
export const DOCUMENT_INGESTION_QUEUE = 'document-ingestion';

export interface DocumentIngestionPayload {
  documentId: number;
  /** The file to index: the document's own, or the new version that replaces it. */
  fileId: string;
}
