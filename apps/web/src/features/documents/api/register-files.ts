import { documentRow, type DocumentRow, type RegisterFilesRequest } from '@steward/contract/documents';
import { rowsAnswer } from '@steward/contract/envelope';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/register-files: makes documents of stored files (in_progress, or error with its reason). */
export const registerFiles = async (request: RegisterFilesRequest): Promise<DocumentRow[]> =>
  (await apiPost('/api/register-files', request, rowsAnswer(documentRow))).data.rows;
