/** The queue of document URL syncs (document-url-sync.ts): one job per sync, held by one instance through its lease. */
export const DOCUMENT_URL_SYNC_QUEUE = 'document-url-sync';
export const DOCUMENT_URL_SYNC_ATTEMPTS = 3;
