import type { IncomingMessage } from 'node:http';
import { asRemoteFetchError, checkedAddress, fetchableUrl, type FetchRemotePdfOptions, REMOTE_FETCH_REASONS, RemoteFetchError } from './fetch-remote-pdf.ts';
import { pinnedRequest } from './pinned-request.ts';

export type PostRemoteOptions = Pick<FetchRemotePdfOptions, 'allowPrivateAddresses' | 'lookup' | 'isAllowedAddress' | 'ca'> & {
  headers: Record<string, string>;
  /** The whole exchange, connection to the last byte read. */
  timeLimitMs: number;
  /** The most bytes of the answer read (the rest is not waited for). */
  maxAnswerBytes: number;
};

export interface RemoteAnswer {
  status: number;
  /** The start of the answer's body (maxAnswerBytes at most), as text. */
  excerpt: string;
}

/**
 * One POST through the same SSRF guard as the PDF and site fetches (checkedAddress: only http(s), every address the
 * host resolves to public unless allowPrivateAddresses, the connection made to the address checked). Redirects are
 * not followed: the 3xx is the answer, as webhook senders do. Failures are RemoteFetchErrors in plain words.
 */
export async function postRemote(url: string, body: string, options: PostRemoteOptions): Promise<RemoteAnswer> {
  const target = fetchableUrl(url);
  const address = await checkedAddress(target, options);
  const deadline = AbortSignal.timeout(options.timeLimitMs);
  try {
    const response = await send(target, address, body, options, deadline);
    const parts: Buffer[] = [];
    let size = 0;
    try {
      for await (const part of response as AsyncIterable<Buffer>) {
        parts.push(part);
        size += part.length;
        if (size >= options.maxAnswerBytes) break;
      }
    } finally {
      response.destroy();
    }
    return { status: response.statusCode ?? 0, excerpt: Buffer.concat(parts).subarray(0, options.maxAnswerBytes).toString('utf8') };
  } catch (error) {
    if (deadline.aborted) throw new RemoteFetchError(REMOTE_FETCH_REASONS.noAnswer, { cause: error });
    throw asRemoteFetchError(error);
  }
}

function send(url: URL, address: { address: string; family: number }, body: string, options: PostRemoteOptions, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = pinnedRequest(url, address, { method: 'POST', headers: { ...options.headers, 'content-length': String(Buffer.byteLength(body)) }, ca: options.ca, signal });
    request.once('response', resolve);
    request.on('error', reject);
    request.end(body);
  });
}
