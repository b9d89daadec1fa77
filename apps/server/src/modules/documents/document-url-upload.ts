import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fetchRemotePdf, filenameOf, RemoteFetchError } from '../../ingest/remote/fetch-remote-pdf.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type StoredFile, storeFile } from './document-files.repository.ts';
import { recordFileOrigin } from './document-url-sources.repository.ts';

/**
 * Fetches a PDF a staff member gave by URL (browsers cannot read most sites' files: CORS) and
 * streams it into the file store, as if it had been uploaded. The fetch is SSRF-safe
 * (ingest/remote/fetch-remote-pdf.ts); its refusals come back as 400s in the staff member's words.
 * The file remembers its URL, the validators its server sent and its bytes' hash: the document registered
 * from it is a source a sync can fetch again (document-url-sync.ts).
 */
export async function storeFileFromUrl(db: Db, config: Pick<Config, 'uploadMaxMb' | 'allowPrivateUrls'>, url: string, uploadedByUserId: number): Promise<StoredFile> {
  const maxBytes = config.uploadMaxMb * 1024 * 1024;
  const hash = createHash('sha256');
  // Hashes the bytes on their way into the store: a sync compares the next copy's hash with it.
  const pipe = new Transform({
    transform(part: Buffer, _encoding, done) {
      hash.update(part);
      done(null, part);
    },
  });
  const stored = storeFile(db, { filename: filenameOf(new URL(url)), uploadedByUserId, maxBytes }, pipe);
  // If storing fails first (a refused file), stop the download too.
  stored.catch((error: unknown) => pipe.destroy(error instanceof Error ? error : new Error(String(error))));
  let fetched;
  try {
    fetched = await fetchRemotePdf(url, { maxBytes, allowPrivateAddresses: config.allowPrivateUrls, sink: pipe });
  } catch (error) {
    await stored.catch(() => undefined);
    if (error instanceof RemoteFetchError) throw new HttpError(400, error.reason, 'url');
    throw error;
  }
  const file = await stored;
  await recordFileOrigin(db, file.fileId, { url, validators: fetched.validators, contentHash: hash.digest('hex') });
  return file;
}
