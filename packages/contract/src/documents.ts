import { z } from 'zod';

/** A document's state in the vector database (spec section 4). Edit and delete wait while in_progress. */
export const DOCUMENT_STATUSES = ['in_progress', 'completed', 'error'] as const;
export const documentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;
