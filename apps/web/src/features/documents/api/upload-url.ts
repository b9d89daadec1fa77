import { uploadedFileRow, type UploadedFileRow, type UploadUrlRequest } from '@steward/contract/documents';
import { rowsAnswer } from '@steward/contract/envelope';
import { ApiError, apiPost } from '../../../lib/api-client.ts';

/** POST /api/upload-url: the server fetches the PDF (a browser cannot, CORS) and stores it like an upload. */
export async function uploadUrl(request: UploadUrlRequest): Promise<UploadedFileRow> {
  const stored = (await apiPost('/api/upload-url', request, rowsAnswer(uploadedFileRow))).data.rows[0];
  if (!stored) throw new ApiError('The server stored no file for this URL.', 200);
  return stored;
}
