import type { DocumentHealthRow } from '@steward/contract/insights';
import type { DocumentHealthRecord } from './insights.repository.ts';

export const presentDocumentHealth = (record: DocumentHealthRecord): DocumentHealthRow => ({
  document_id: record.documentId,
  title: record.title,
  citations: record.citations,
  up: record.up,
  down: record.down,
  last_cited: record.lastCited?.toISOString() ?? null,
});
