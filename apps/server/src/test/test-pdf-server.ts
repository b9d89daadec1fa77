import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A PDF served on loopback for the URL-document sync tests: one path whose bytes a test changes, answers with a
 * status instead (404, 410, 500), with an ETag (the bytes' hash) and a Last-Modified, and a 304 to a request that
 * names them.
 */
export interface TestPdfServer {
  url: string;
  /** Each request as it arrived: `conditional` when it carried If-None-Match or If-Modified-Since. */
  requests: { conditional: boolean; status: number }[];
  serve(change: { bytes: Buffer } | { status: number }): void;
  close(): Promise<void>;
}

export async function startTestPdfServer(bytes: Buffer): Promise<TestPdfServer> {
  let current: { bytes: Buffer; modified: string } | { status: number } = { bytes, modified: new Date(Date.UTC(2026, 0, 1)).toUTCString() };
  const requests: TestPdfServer['requests'] = [];
  const server = http.createServer((request, response) => {
    const conditional = request.headers['if-none-match'] !== undefined || request.headers['if-modified-since'] !== undefined;
    const answer = (status: number, headers: Record<string, string>, body?: Buffer) => {
      requests.push({ conditional, status });
      response.writeHead(status, headers);
      response.end(body);
    };
    if (request.url !== '/files/manual.pdf') return answer(404, { 'content-type': 'text/plain' }, Buffer.from('Not found'));
    if ('status' in current) return answer(current.status, { 'content-type': 'text/plain' }, Buffer.from('No file here'));
    const etag = `"${createHash('sha256').update(current.bytes).digest('hex').slice(0, 16)}"`;
    const validators = { etag, 'last-modified': current.modified };
    if (request.headers['if-none-match'] === etag) return answer(304, validators);
    return answer(200, { ...validators, 'content-type': 'application/pdf', 'content-length': String(current.bytes.length) }, current.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let edits = 0;
  return {
    url: `http://127.0.0.1:${port}/files/manual.pdf`,
    requests,
    serve(change) {
      edits += 1;
      current = 'status' in change ? change : { bytes: change.bytes, modified: new Date(Date.UTC(2026, 0, 1 + edits)).toUTCString() };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
