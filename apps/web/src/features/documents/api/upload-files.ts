import { uploadedFileRow, type UploadedFileRow, type UploadFileMetadata } from '@steward/contract/documents';
import { rowsAnswer } from '@steward/contract/envelope';
import { browserXhr, postFormWithProgress, type XhrFactory } from '../../../lib/post-form-with-progress.ts';

export interface FileToUpload extends UploadFileMetadata {
  file: File;
}

/**
 * POST /api/upload-files: the files with their titles and source URLs (`filesData`, same order), sent
 * with XMLHttpRequest so `onProgress` hears each chunk the browser sends (0 to 1). The server stores
 * them until they are registered.
 */
export async function uploadFiles(
  files: readonly FileToUpload[],
  onProgress: (sentFraction: number) => void,
  createXhr: XhrFactory = browserXhr,
): Promise<UploadedFileRow[]> {
  const form = new FormData();
  form.append('capability', 'upload_document');
  form.append('filesData', JSON.stringify(files.map(({ title, source_url }) => ({ title, source_url }))));
  for (const { file } of files) form.append('files', file, file.name);
  return (await postFormWithProgress('/api/upload-files', form, rowsAnswer(uploadedFileRow), onProgress, createXhr)).data.rows;
}
