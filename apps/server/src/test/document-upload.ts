import type { Db } from '../db/client.ts';
import { documents } from '../db/schema.ts';
import type { ApiClient } from './api-client.ts';

/** Uploads and registers one document as the Documents screen does; ingestion then waits for runAllJobs. */
export async function addDocument(staff: ApiClient, file: { name: string; bytes: Buffer | string; title: string; sourceUrl: string }): Promise<number> {
  const form = new FormData();
  form.append('filesData', JSON.stringify([{ title: file.title, source_url: file.sourceUrl }]));
  form.append('files', new Blob([file.bytes]), file.name);
  const uploaded = await staff.postForm('/api/upload-files', form);
  const registered = await staff.post('/api/register-files', { filesData: uploaded.body.data?.rows });
  const id = Number(registered.body.data?.rows[0]?.id);
  if (!Number.isInteger(id)) throw new Error(`The document was not registered: ${JSON.stringify(registered.body)}`);
  return id;
}

let nextFile = 1;
/** A document row straight into the database (no file, still in progress), for the knowledge store's tests. */
export async function insertDocument(db: Db, title: string): Promise<number> {
  const [row] = await db
    .insert(documents)
    .values({ fileId: `test-file-${nextFile++}`, filename: `${title}.txt`, title, sourceUrl: 'https://shop.example.com/docs', uploadedBy: 'Test' })
    .returning({ id: documents.id });
  if (!row) throw new Error('The document was not inserted.');
  return row.id;
}
