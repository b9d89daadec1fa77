import type { z } from 'zod';
import { readAnswer, unreachableServer } from './api-client.ts';

/** Makes the request; tests pass a fake one. */
export type XhrFactory = () => XMLHttpRequest;

export const browserXhr: XhrFactory = () => new XMLHttpRequest();

/**
 * A multipart POST that reports how much of its body has been sent (0 to 1), which `fetch` cannot.
 * Same origin, so the session cookie goes with it and the browser's Sec-Fetch-Site satisfies the
 * CSRF check; the answer is read like every other call's (`readAnswer`).
 */
export function postFormWithProgress<Answer>(
  path: string,
  form: FormData,
  answer: z.ZodType<Answer>,
  onProgress: (sentFraction: number) => void,
  createXhr: XhrFactory = browserXhr,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = createXhr();
    xhr.open('POST', path);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress(event.lengthComputable && event.total > 0 ? event.loaded / event.total : 0);
    xhr.onload = () => {
      try {
        resolve(readAnswer(xhr.status, parseJson(xhr.responseText), answer));
      } catch (error) {
        reject(error instanceof Error ? error : unreachableServer());
      }
    };
    xhr.onerror = () => reject(unreachableServer());
    xhr.onabort = () => reject(unreachableServer());
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
