import {
  asRemoteFetchError,
  describeSize,
  type FetchRemotePdfOptions,
  type HopOptions,
  namedAbort,
  openFollowingRedirects,
  type PageValidators,
  REMOTE_FETCH_REASONS,
  RemoteFetchError,
  validatorsOf,
} from './fetch-remote-pdf.ts';

export type { PageValidators };

export type FetchRemotePageOptions = HopOptions &
  Pick<FetchRemotePdfOptions, 'signal'> & {
  /** The most bytes read of a body: larger is refused (Content-Length) or stopped as it passes. */
  maxBytes: number;
  /** Sent as User-Agent (the crawler's own, naming Steward and the dashboard). */
  userAgent: string;
  accept?: string;
  /** Whether a body of this Content-Type is read at all; others answer `skipped` without reading it. */
  wantsType?: (contentType: string) => boolean;
  /** The whole request, redirects included. Default 60 s. */
  timeLimitMs?: number;
  /** What the server said of the copy we hold: sent as If-None-Match / If-Modified-Since, so a 304 answers `unchanged`. */
  validators?: PageValidators;
};


export type RemotePage =
  | { url: string; status: number; contentType: string; bytes: Buffer; validators: PageValidators; skipped?: undefined }
  | { url: string; status: number; contentType: string; bytes?: undefined; skipped: 'status' | 'type' | 'unchanged' };

/**
 * One GET of a web page (or robots.txt, or a sitemap) through the same SSRF guard as fetchRemotePdf: only
 * http(s), every address the host resolves to public, the connection made to the checked address, each
 * redirect checked again, at most maxRedirects. A status other than 2xx comes back as `skipped: 'status'`
 * (robots.txt's 404 means "no rules"), a type the caller does not want as `skipped: 'type'`, both unread; a 304 to
 * a conditional request (`validators` given) as `skipped: 'unchanged'`.
 * The body is read to maxBytes at most. Failures are RemoteFetchErrors in the staff member's words.
 */
export async function fetchRemotePage(url: string, options: FetchRemotePageOptions): Promise<RemotePage> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new RemoteFetchError(REMOTE_FETCH_REASONS.tooSlow)), options.timeLimitMs ?? 60_000);
  const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal;
  const headers: Record<string, string> = { 'user-agent': options.userAgent, accept: options.accept ?? 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1' };
  if (options.validators?.etag) headers['if-none-match'] = options.validators.etag;
  if (options.validators?.lastModified) headers['if-modified-since'] = options.validators.lastModified;
  try {
    const { response, url: current, hop } = await openFollowingRedirects(url, options, signal, headers, [deadline.signal, options.signal]);
    try {
      const status = response.statusCode ?? 0;
      const contentType = String(response.headers['content-type'] ?? '');
      if (status === 304 && options.validators) {
        response.destroy();
        return { url: current.href, status, contentType, skipped: 'unchanged' };
      }
      if (status < 200 || status > 299) {
        response.destroy();
        return { url: current.href, status, contentType, skipped: 'status' };
      }
      if (options.wantsType && !options.wantsType(contentType)) {
        response.destroy();
        return { url: current.href, status, contentType, skipped: 'type' };
      }
      const tooLarge = () => new RemoteFetchError(REMOTE_FETCH_REASONS.pageTooLarge(describeSize(options.maxBytes)));
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        response.destroy();
        throw tooLarge();
      }
      const parts: Buffer[] = [];
      let size = 0;
      try {
        for await (const part of response as AsyncIterable<Buffer>) {
          size += part.length;
          if (size > options.maxBytes) throw tooLarge();
          parts.push(part);
        }
      } finally {
        response.destroy();
      }
      return { url: current.href, status, contentType, bytes: Buffer.concat(parts), validators: validatorsOf(response) };
    } catch (error) {
      throw namedAbort(error, [hop.signal, deadline.signal, options.signal]);
    }
  } catch (error) {
    if (options.signal?.aborted && error === options.signal.reason) throw error;
    throw asRemoteFetchError(error);
  } finally {
    clearTimeout(timer);
  }
}
