import type http from 'node:http';
import type { FastifyHttpOptions } from 'fastify';

/** The largest JSON (or text) body: 1 MB. Files go through multipart, which has its own limit (UPLOAD_MAX_MB). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** All request headers together: Node's default, stated. Past it the server answers 431. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** The longest a client may take to send its headers. */
export const HEADERS_TIMEOUT_MS = 30_000;
/** A connection with no traffic at all for this long is closed. */
export const IDLE_CONNECTION_TIMEOUT_MS = 60_000;
/** How long an idle keep-alive connection stays open: longer than a proxy's usual 60 s, so the proxy closes first. */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * The Node server's limits against slow and oversized clients (slowloris, header floods):
 * a whole request must arrive within `requestTimeoutMs` (REQUEST_TIMEOUT_SECONDS, long enough for
 * an upload on a slow line), its headers within 30 s, and a silent connection is dropped after 60 s.
 */
export function serverLimits(
  requestTimeoutMs: number,
): Pick<FastifyHttpOptions<http.Server>, 'bodyLimit' | 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'http'> {
  return {
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: requestTimeoutMs,
    connectionTimeout: IDLE_CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      maxHeaderSize: MAX_HEADER_BYTES,
      // Node requires headersTimeout ≤ requestTimeout.
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      // How often Node checks the two timeouts above (its default is 30 s, coarser than a short timeout).
      connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(requestTimeoutMs / 4))),
    },
  };
}
