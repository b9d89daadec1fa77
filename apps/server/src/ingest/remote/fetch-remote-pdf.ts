import dns from 'node:dns/promises';
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { type Writable } from 'node:stream';
import { StaffReasonError } from '../ingest-error.ts';
import { looksLikePdf } from '../reading/document-kind.ts';
import { blockedAddressKind } from './network-address.ts';
import { pinnedRequest } from './pinned-request.ts';

/** A URL that cannot be fetched, with the reason in the staff member's words. */
export class RemoteFetchError extends StaffReasonError {
  override readonly name = 'RemoteFetchError';
}

export const REMOTE_FETCH_REASONS = {
  invalidUrl: 'This is not a valid URL.',
  protocol: 'Only http:// and https:// URLs can be fetched.',
  privateAddress: 'This URL points to a private network address and cannot be fetched.',
  unknownHost: 'The address of this URL could not be found.',
  unreachable: 'The server at this URL could not be reached.',
  certificate: 'The server at this URL does not have a valid certificate.',
  noAnswer: 'The server at this URL did not answer in time.',
  tooSlow: 'The file at this URL took too long to download.',
  redirects: 'This URL redirected too many times.',
  notPdf: 'The file at this URL is not a PDF.',
  failed: 'The file at this URL could not be downloaded.',
  tooLarge: (limit: string) => `The file at this URL is larger than ${limit}.`,
  pageTooLarge: (limit: string) => `This page is larger than ${limit}, so it was not read.`,
  status: (status: number, text: string | undefined) => `The server at this URL answered ${status}${text ? ` ${text}` : ''}.`,
} as const;

export interface LookupAddress {
  address: string;
  family: number;
}

export interface FetchRemotePdfOptions {
  /** The size cap (UPLOAD_MAX_MB in bytes). */
  maxBytes: number;
  /** ALLOW_PRIVATE_URLS: skip the address check (tests only). */
  allowPrivateAddresses?: boolean;
  /** Receives the file as it arrives; it is ended after the last byte, and destroyed on failure (remove what it wrote). */
  sink?: Writable;
  /** Default 10 s. */
  connectTimeoutMs?: number;
  /** The longest silence from the server, before its answer and between two parts of the file. Default 30 s. */
  idleTimeoutMs?: number;
  /** The whole download, redirects included. Default 5 minutes. */
  timeLimitMs?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Ends the download (server shutdown); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Resolves a host name to every address (default: the system resolver, all addresses). For tests. */
  lookup?: (hostname: string) => Promise<LookupAddress[]>;
  /** Whether an address may be connected to (default: a public address, or any with allowPrivateAddresses). For tests. */
  isAllowedAddress?: (address: string) => boolean;
  /** Certificates to trust instead of the default root certificates (PEM). For tests. */
  ca?: string;
}

export interface RemotePdf {
  /** The URL the file came from, after redirects. */
  url: string;
  /** The last part of that URL's path, ending in .pdf. */
  filename: string;
  size: number;
  /** What its server sent to validate this copy: a sync asks again with them (conditional request). */
  validators: PageValidators;
}

/** A file's or page's ETag and Last-Modified as its server sent them (either may be missing). */
export interface PageValidators {
  etag: string | null;
  lastModified: string | null;
}

const header = (value: string | string[] | undefined): string | null => {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === '' ? null : text.trim().slice(0, 500);
};

/** The answer's ETag and Last-Modified (at most 500 characters each). */
export const validatorsOf = (response: IncomingMessage): PageValidators => ({
  etag: header(response.headers.etag),
  lastModified: header(response.headers['last-modified']),
});

const PDF_REQUEST_HEADERS = { 'user-agent': 'Steward document fetcher', accept: 'application/pdf, */*;q=0.5' };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads a PDF from a staff member's URL without letting the URL reach inside the server's
 * network (SSRF). Only http and https; the host name is resolved once and every address it
 * resolves to must be public (not loopback, private, link-local, CGNAT, multicast, unique local,
 * cloud metadata, or IPv4 of those inside IPv6); the connection then goes to that checked address
 * itself, so a second DNS answer cannot swap it (rebinding). Redirects are followed by hand, at
 * most maxRedirects, each checked the same way. The file must start as a PDF (%PDF-) and stay under
 * maxBytes. Without a sink the bytes are answered; with one they are streamed into it.
 */
export function fetchRemotePdf(url: string, options: FetchRemotePdfOptions & { sink: Writable }): Promise<RemotePdf>;
export function fetchRemotePdf(url: string, options: FetchRemotePdfOptions & { sink?: undefined }): Promise<RemotePdf & { bytes: Buffer }>;
export async function fetchRemotePdf(url: string, options: FetchRemotePdfOptions): Promise<RemotePdf & { bytes?: Buffer }> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new RemoteFetchError(REMOTE_FETCH_REASONS.tooSlow)), options.timeLimitMs ?? 300_000);
  const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal;
  try {
    const { response, url: current, hop, hopSignal } = await openFollowingRedirects(url, options, signal, PDF_REQUEST_HEADERS, [deadline.signal, options.signal]);
    try {
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 299) {
        response.destroy();
        throw new RemoteFetchError(REMOTE_FETCH_REASONS.status(status, response.statusMessage));
      }
      const bytes = await readPdf(response, options, hopSignal);
      return { url: current.href, filename: filenameOf(current), size: bytes.size, validators: validatorsOf(response), ...(bytes.parts ? { bytes: Buffer.concat(bytes.parts) } : {}) };
    } catch (error) {
      throw namedAbort(error, [hop.signal, deadline.signal, options.signal]);
    }
  } catch (error) {
    // The caller's own abort goes back as it was given; everything else becomes a reason for the staff member.
    const failure = options.signal?.aborted && error === options.signal.reason ? error : asRemoteFetchError(error);
    options.sink?.destroy(failure instanceof Error ? failure : undefined);
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}

export type HopOptions = Pick<FetchRemotePdfOptions, 'lookup' | 'isAllowedAddress' | 'allowPrivateAddresses' | 'ca' | 'connectTimeoutMs' | 'idleTimeoutMs' | 'maxRedirects'> & {
  /** Told each redirect's target before it is fetched: throw to refuse it (a page outside the site, say). */
  onRedirect?: (to: URL) => void;
  /** Awaited before every request, each redirect's included (a crawler's pace between requests to a site). */
  beforeRequest?: () => Promise<unknown>;
};

/** An open answer that is not a redirect, the URL that gave it, and its hop's abort (its time-outs). */
export interface OpenAnswer {
  response: IncomingMessage;
  url: URL;
  hop: AbortController;
  hopSignal: AbortSignal;
}

/**
 * GETs the URL, following redirects by hand (at most maxRedirects): each hop's address checked again, and
 * `onRedirect` and `beforeRequest` told before it is requested. `aborts` are the caller's own signals, named
 * when one of them ended a hop (after the hop's own time-outs).
 */
export async function openFollowingRedirects(
  url: string,
  options: HopOptions,
  signal: AbortSignal,
  headers: Record<string, string>,
  aborts: (AbortSignal | undefined)[],
): Promise<OpenAnswer> {
  let current = fetchableUrl(url);
  for (let redirects = 0; ; redirects += 1) {
    const address = await checkedAddress(current, options);
    // After the address check: a redirect to a private address says so, whichever site it names.
    if (redirects > 0) options.onRedirect?.(current);
    await options.beforeRequest?.();
    signal.throwIfAborted();
    const hop = new AbortController();
    const hopSignal = AbortSignal.any([signal, hop.signal]);
    let response: IncomingMessage;
    try {
      response = await get(current, address, options, hop, hopSignal, headers);
    } catch (error) {
      throw namedAbort(error, [hop.signal, ...aborts]);
    }
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return { response, url: current, hop, hopSignal };
    response.destroy();
    if (redirects >= (options.maxRedirects ?? 5)) throw new RemoteFetchError(REMOTE_FETCH_REASONS.redirects);
    current = fetchableUrl(new URL(location, current).href);
  }
}

/** The reason of the first of `signals` that aborted (a hop's time-out, the whole time limit, the caller's), else the error. */
export function namedAbort(error: unknown, signals: (AbortSignal | undefined)[]): unknown {
  for (const aborted of signals) if (aborted?.aborted) return aborted.reason;
  return error;
}

/** The URL parsed, if it is http(s); else a RemoteFetchError (shared with fetch-remote-page.ts). */
export function fetchableUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RemoteFetchError(REMOTE_FETCH_REASONS.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteFetchError(REMOTE_FETCH_REASONS.protocol);
  return url;
}

/** The address to connect to: the host's own when it is an IP address, else every resolved address checked. */
export async function checkedAddress(url: URL, options: Pick<FetchRemotePdfOptions, 'lookup' | 'isAllowedAddress' | 'allowPrivateAddresses'>): Promise<LookupAddress> {
  // WHATWG URLs already turn http://2130706433/ and http://0x7f.1/ into 127.0.0.1; IPv6 keeps its brackets.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await (options.lookup ?? lookupAll)(host);
    } catch (error) {
      throw new RemoteFetchError(REMOTE_FETCH_REASONS.unknownHost, { cause: error });
    }
  }
  const allowed = options.isAllowedAddress ?? ((address: string) => options.allowPrivateAddresses === true || blockedAddressKind(address) === undefined);
  // IPv4 first when there is one: servers more often reach the internet over it than over IPv6.
  const first = addresses.find(({ family }) => family === 4) ?? addresses[0];
  if (!first) throw new RemoteFetchError(REMOTE_FETCH_REASONS.unknownHost);
  // Every address, not only the one used: a name that also resolves inside the network is refused whole.
  if (!addresses.every(({ address }) => allowed(address))) throw new RemoteFetchError(REMOTE_FETCH_REASONS.privateAddress);
  return first;
}

const lookupAll = (hostname: string): Promise<LookupAddress[]> => dns.lookup(hostname, { all: true, verbatim: true });

/** One GET to the checked address, with the URL's host name in Host (and for TLS, SNI and the certificate check). */
function get(
  url: URL,
  address: LookupAddress,
  options: Pick<FetchRemotePdfOptions, 'ca' | 'connectTimeoutMs' | 'idleTimeoutMs'>,
  hop: AbortController,
  signal: AbortSignal,
  headers: Record<string, string> = PDF_REQUEST_HEADERS,
): Promise<IncomingMessage> {
  const noAnswer = () => hop.abort(new RemoteFetchError(REMOTE_FETCH_REASONS.noAnswer));
  return new Promise((resolve, reject) => {
    const request = pinnedRequest(url, address, { method: 'GET', headers, ca: options.ca, signal });
    request.on('socket', (socket) => {
      if (!socket.connecting) return;
      const connectTimer = setTimeout(noAnswer, options.connectTimeoutMs ?? 10_000);
      socket.once('connect', () => clearTimeout(connectTimer));
      socket.once('close', () => clearTimeout(connectTimer));
    });
    request.setTimeout(options.idleTimeoutMs ?? 30_000, noAnswer);
    request.once('response', resolve);
    // Kept for the request's whole life: an error after the answer (while its body streams) ends that stream, not the process.
    request.on('error', reject);
    request.end();
  });
}

/** Reads the body: checks the first bytes are a PDF before passing any on, and stops past maxBytes. */
async function readPdf(response: IncomingMessage, options: FetchRemotePdfOptions, signal: AbortSignal): Promise<{ size: number; parts?: Buffer[] }> {
  const tooLarge = () => new RemoteFetchError(REMOTE_FETCH_REASONS.tooLarge(describeSize(options.maxBytes)));
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const { sink } = options;
  const parts: Buffer[] = [];
  const deliver = async (part: Buffer) => {
    if (!sink) parts.push(part);
    else if (!sink.write(part)) await once(sink, 'drain', { signal });
  };
  let size = 0;
  let head: Buffer | undefined = Buffer.alloc(0);
  const checkHead = async (bytes: Buffer) => {
    if (!looksLikePdf(bytes)) throw new RemoteFetchError(REMOTE_FETCH_REASONS.notPdf);
    head = undefined;
    await deliver(bytes);
  };
  try {
    for await (const part of response as AsyncIterable<Buffer>) {
      size += part.length;
      if (size > options.maxBytes) throw tooLarge();
      if (head === undefined) await deliver(part);
      else if (head.length + part.length >= 1024) await checkHead(Buffer.concat([head, part]));
      else head = Buffer.concat([head, part]);
    }
    if (head !== undefined) await checkHead(head);
  } finally {
    response.destroy();
  }
  if (sink) {
    sink.end();
    await once(sink, 'finish', { signal });
    return { size };
  }
  return { size, parts };
}

/** Any failure of a fetch as a reason in the staff member's words. */
export function asRemoteFetchError(error: unknown): RemoteFetchError {
  if (error instanceof RemoteFetchError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code)) return new RemoteFetchError(REMOTE_FETCH_REASONS.certificate, { cause: error });
  if (['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ETIMEDOUT'].includes(code)) {
    return new RemoteFetchError(REMOTE_FETCH_REASONS.unreachable, { cause: error });
  }
  return new RemoteFetchError(REMOTE_FETCH_REASONS.failed, { cause: error });
}

/** "100 MB", "512 KB". */
export function describeSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The URL's last path segment, decoded, as a .pdf file name ("document.pdf" when there is none). */
export function filenameOf(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(last);
  } catch {
    name = last;
  }
  // eslint-disable-next-line no-control-regex -- control characters are among what a file name must not hold
  name = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'document';
  return name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
}
