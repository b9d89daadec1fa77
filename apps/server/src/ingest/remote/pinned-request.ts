import http, { type ClientRequest } from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * A request to the address the SSRF guard checked (checkedAddress), never to whatever the host name resolves to at
 * connection time: the URL's host name goes in Host and, for TLS, in SNI and the certificate check. No agent, so no
 * connection is reused for another host.
 */
export function pinnedRequest(
  url: URL,
  address: { address: string; family: number },
  request: { method: 'GET' | 'POST'; headers: Record<string, string>; ca?: string | Buffer | undefined; signal: AbortSignal },
): ClientRequest {
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return (secure ? https : http).request({
    host: address.address,
    family: address.family,
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    method: request.method,
    headers: { ...request.headers, host: url.host },
    ...(secure && !net.isIP(hostname) ? { servername: hostname } : {}),
    ...(secure && request.ca ? { ca: request.ca } : {}),
    agent: false,
    signal: request.signal,
  });
}
