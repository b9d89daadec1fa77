import { PassThrough } from 'node:stream';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fetchRemotePdf, filenameOf, RemoteFetchError } from '../../ingest/remote/fetch-remote-pdf.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type StoredFile, storeFile } from './document-files.repository.ts';

/**
 * Fetches a PDF a staff member gave by URL (browsers cannot read most sites' files: CORS) and
 * streams it into the file store, as if it had been uploaded. The fetch is SSRF-safe
 * (ingest/remote/fetch-remote-pdf.ts); its refusals come back as 400s in the staff member's words.
 */
export async function storeFileFromUrl(db: Db, config: Pick<Config, 'uploadMaxMb' | 'allowPrivateUrls'>, url: string, uploadedByUserId: number): Promise<StoredFile> {
  const maxBytes = config.uploadMaxMb * 1024 * 1024;
  const pipe = new PassThrough();
  const stored = storeFile(db, { filename: filenameOf(new URL(url)), uploadedByUserId, maxBytes }, pipe);
  // If storing fails first (a refused file), stop the download too.
  stored.catch((error: unknown) => pipe.destroy(error instanceof Error ? error : new Error(String(error))));
  try {
    await fetchRemotePdf(url, { maxBytes, allowPrivateAddresses: config.allowPrivateUrls, sink: pipe });
  } catch (error) {
    await stored.catch(() => undefined);
    if (error instanceof RemoteFetchError) throw new HttpError(400, error.reason, 'url');
    throw error;
  }
  return stored;
}
