import { ApiError, DASHBOARD_CALL_HEADERS, readAnswer, unreachableServer } from './api-client.ts';
import { successAnswer } from '@steward/contract/envelope';

/**
 * An export (GET /api/export/{list}, issue 40) fetched as the dashboard's own call and saved as the file the server
 * names. Since issue 52 an export answers no plain link or image (plugins/csrf.ts on the server), so it is fetched
 * with the dashboard's header and handed to the browser as a download; a refusal (403, 429) is the server's message.
 */
export async function downloadExport(path: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', headers: DASHBOARD_CALL_HEADERS });
  } catch {
    throw unreachableServer();
  }
  if (!response.ok) {
    readAnswer(response.status, await response.json().catch(() => undefined), successAnswer);
    throw new ApiError(`The server answered ${response.status}.`, response.status);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'steward-export';
  saveFile(await response.blob(), name);
}

/** Hands a file to the browser's downloads, as a link with `download` would. */
function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; give it a moment before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
