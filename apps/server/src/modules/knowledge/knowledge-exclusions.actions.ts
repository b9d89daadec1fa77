import { CHUNK_MESSAGES } from '@steward/contract/document-chunks';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { auditLabel, recordAudit, type StaffActor } from '../audit-log/record-audit.ts';
import { deleteExclusion, type DocumentChunk, findDocumentChunk, insertExclusion } from './knowledge-exclusions.repository.ts';

/** The document a passage belongs to, as the caller found it (the documents module's record). */
export interface ChunkDocument {
  id: number;
  title: string;
}

/** How much of a passage's text the audit entry keeps: enough to recognise it. */
const TEXT_IN_AUDIT = 100;

/**
 * Excludes a passage of a document from every answer, or includes it again, in the caller's transaction; every
 * passage of the document with the same text goes with it (an exclusion is kept by the text). Audited when it
 * changed something; answers the passage as it now is.
 */
export async function setChunkExcluded(tx: Db, actor: StaffActor, document: ChunkDocument, chunkId: number, excluded: boolean): Promise<DocumentChunk> {
  const chunk = await findDocumentChunk(tx, document.id, chunkId);
  if (!chunk) throw new HttpError(404, CHUNK_MESSAGES.chunkNotFound);
  const changed = excluded
    ? await insertExclusion(tx, { documentId: document.id, textKey: chunk.textKey, by: actor })
    : await deleteExclusion(tx, document.id, chunk.textKey);
  if (changed) {
    await recordAudit(tx, actor, {
      action: excluded ? 'chunk_excluded' : 'chunk_included',
      object: { type: 'document', id: document.id, label: document.title },
      details: { chunk_index: chunk.chunkIndex, text: auditLabel(chunk.text).slice(0, TEXT_IN_AUDIT) },
    });
  }
  const now = await findDocumentChunk(tx, document.id, chunkId);
  if (!now) throw new HttpError(404, CHUNK_MESSAGES.chunkNotFound);
  return now;
}
