import type { AuditObject } from '../audit-log/record-audit.ts';
import type { DocumentRecord } from './documents.repository.ts';

/** A document as the audit log names it: by its title. */
export const documentObject = (document: Pick<DocumentRecord, 'id' | 'title'>): AuditObject => ({
  type: 'document',
  id: document.id,
  label: document.title,
});
