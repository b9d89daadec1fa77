import fs from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { scaled } from '../../test/slowdown.ts';
import { testDataPath } from '../../test/test-data.ts';
import { REMOTE_FETCH_REASONS, RemoteFetchError, describeSize, fetchRemotePdf, filenameOf } from './fetch-remote-pdf.ts';
import { blockedAddressKind } from './network-address.ts';

const goodPdf = fs.readFileSync(testDataPath('pdf', 'three_pages_with_number.pdf'));
const MB = 1024 * 1024;

/** Requests the loopback test server received: [path, Host header]. */
let served: [string, string | undefined][] = [];
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://test');
  served.push([url.pathname, request.headers.host]);
  const redirect = (location: string) => response.writeHead(302, { location }).end();
  switch (url.pathname) {
    case '/files/Price%20list.pdf':
    case '/good.pdf':
      return response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': goodPdf.length }).end(goodPdf);
    case '/tiny.pdf':
      return response.end('%PDF-1.4\n%%EOF\n');
    case '/page.html':
      return response.writeHead(200, { 'content-type': 'application/pdf' }).end('<!doctype html><title>Sign in</title>' + ' '.repeat(2000));
    case '/declared-big.pdf':
      response.writeHead(200, { 'content-length': 2 * MB });
      return response.write('%PDF-1.7\n');
    case '/streamed-big.pdf': {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.write('%PDF-1.7\n');
      const part = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const more = () => {
        while (sent < 40 && !response.destroyed) {
          sent += 1;
          if (!response.write(part)) return void response.once('drain', more);
        }
        response.end();
      };
      return more();
    }
    case '/missing.pdf':
      return response.writeHead(404).end('not here');
    case '/redirect':
      return redirect(url.searchParams.get('to') ?? '/good.pdf');
    case '/loop':
      return redirect('/loop');
    case '/silent':
      return; // never answers
    case '/stall':
      response.writeHead(200);
      return response.write('%PDF-1.4\n'); // then nothing more
    case '/drip': {
      response.writeHead(200);
      response.write(goodPdf.subarray(0, 1024));
      const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write(' ')), 20);
      return;
    }
    default:
      return response.writeHead(404).end();
  }
});
let port = 0;
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  served = [];
});

const reasonOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RemoteFetchError) return error.reason;
    throw error;
  }
  throw new Error('expected the fetch to fail');
};

/** ALLOW_PRIVATE_URLS for the first check only (the loopback test server), the real rules after: what a redirect reaches. */
const allowFirstAddressOnly = () => {
  let checks = 0;
  return (address: string) => checks++ === 0 || blockedAddressKind(address) === undefined;
};

describe('fetchRemotePdf refuses addresses inside the network', () => {
  it.each([
    ['loopback', () => `${base}/good.pdf`],
    ['private 10/8', () => 'http://10.0.0.1/file.pdf'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => `http://[::1]:${port}/good.pdf`],
    ['decimal-encoded 127.0.0.1', () => `http://2130706433:${port}/good.pdf`],
    ['hexadecimal 127.0.0.1', () => `http://0x7f.1:${port}/good.pdf`],
    ['IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${port}/good.pdf`],
    ['IPv4-mapped IPv6 metadata', () => 'http://[::ffff:a9fe:a9fe]/latest/meta-data/'],
    ['AWS IPv6 metadata', () => 'http://[fd00:ec2::254]/latest/meta-data/'],
    ['localhost by name', () => `http://localhost:${port}/good.pdf`],
  ])('%s, before connecting', async (_, url) => {
    expect(await reasonOf(fetchRemotePdf(url(), { maxBytes: MB }))).toBe(REMOTE_FETCH_REASONS.privateAddress);
    expect(served).toEqual([]);
  });

  it('refuses a name when any of its addresses is private, even if another is public', async () => {
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    expect(await reasonOf(fetchRemotePdf('http://mixed.example/file.pdf', { maxBytes: MB, lookup }))).toBe(REMOTE_FETCH_REASONS.privateAddress);
  });

  it.each([
    ['loopback', '/good.pdf'],
    ['private 10/8', 'http://10.0.0.1/file.pdf'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]:1/file.pdf'],
    ['decimal-encoded 127.0.0.1', 'http://2130706433/file.pdf'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/file.pdf'],
  ])('refuses a redirect to %s', async (_, target) => {
    const url = `${base}/redirect?to=${encodeURIComponent(target)}`;
    expect(await reasonOf(fetchRemotePdf(url, { maxBytes: MB, isAllowedAddress: allowFirstAddressOnly() }))).toBe(REMOTE_FETCH_REASONS.privateAddress);
    expect(served.map(([pathname]) => pathname)).toEqual(['/redirect']);
  });

  it('follows a redirect when its target passes the check too', async () => {
    const fetched = await fetchRemotePdf(`${base}/redirect?to=/good.pdf`, { maxBytes: MB, allowPrivateAddresses: true });
    expect(fetched.url).toBe(`${base}/good.pdf`);
    expect(fetched.bytes.equals(goodPdf)).toBe(true);
  });

  it('connects to the address it checked, not to a second DNS answer', async () => {
    const lookups: string[] = [];
    const lookup = async (hostname: string) => {
      lookups.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // The name does not exist in real DNS: the file arrives only if the connection goes to the checked address.
    const fetched = await fetchRemotePdf(`http://files.steward.test:${port}/good.pdf`, { maxBytes: MB, lookup, isAllowedAddress: (address) => address === '127.0.0.1' });
    expect(fetched.bytes.equals(goodPdf)).toBe(true);
    expect(lookups).toEqual(['files.steward.test']);
    expect(served).toEqual([['/good.pdf', `files.steward.test:${port}`]]);
  });
});

describe('fetchRemotePdf with private URLs allowed (ALLOW_PRIVATE_URLS)', () => {
  const allowed = { maxBytes: MB, allowPrivateAddresses: true };

  it('answers the PDF, its final URL, size and a file name', async () => {
    const fetched = await fetchRemotePdf(`${base}/files/Price%20list.pdf`, allowed);
    expect(fetched).toMatchObject({ url: `${base}/files/Price%20list.pdf`, filename: 'Price list.pdf', size: goodPdf.length });
    expect(fetched.bytes.equals(goodPdf)).toBe(true);
  });

  it('streams into a sink and ends it', async () => {
    const parts: Buffer[] = [];
    let finished = false;
    const sink = new Writable({
      write(part: Buffer, _encoding, callback) {
        parts.push(part);
        callback();
      },
      final(callback) {
        finished = true;
        callback();
      },
    });
    const fetched = await fetchRemotePdf(`${base}/good.pdf`, { ...allowed, sink });
    expect(fetched).not.toHaveProperty('bytes');
    expect(finished).toBe(true);
    expect(Buffer.concat(parts).equals(goodPdf)).toBe(true);
  });

  it('takes a PDF smaller than the first kilobyte', async () => {
    expect((await fetchRemotePdf(`${base}/tiny.pdf`, allowed)).bytes.toString()).toBe('%PDF-1.4\n%%EOF\n');
  });

  it('refuses a file that is not a PDF, whatever its content type, before passing anything to the sink', async () => {
    let written = 0;
    let destroyed = false;
    const sink = new Writable({
      write(part: Buffer, _encoding, callback) {
        written += part.length;
        callback();
      },
      destroy(error, callback) {
        destroyed = true;
        callback(error);
      },
    });
    sink.on('error', () => undefined);
    expect(await reasonOf(fetchRemotePdf(`${base}/page.html`, { ...allowed, sink }))).toBe(REMOTE_FETCH_REASONS.notPdf);
    expect(written).toBe(0);
    expect(destroyed).toBe(true);
  });

  it('refuses a file past the size cap, by its declared length or as it streams', async () => {
    expect(await reasonOf(fetchRemotePdf(`${base}/declared-big.pdf`, allowed))).toBe('The file at this URL is larger than 1 MB.');
    expect(await reasonOf(fetchRemotePdf(`${base}/streamed-big.pdf`, allowed))).toBe('The file at this URL is larger than 1 MB.');
    expect(await reasonOf(fetchRemotePdf(`${base}/good.pdf`, { ...allowed, maxBytes: 10 * 1024 }))).toBe('The file at this URL is larger than 10 KB.');
  });

  it('says what the server answered', async () => {
    expect(await reasonOf(fetchRemotePdf(`${base}/missing.pdf`, allowed))).toBe('The server at this URL answered 404 Not Found.');
  });

  it('stops after 5 redirects', async () => {
    expect(await reasonOf(fetchRemotePdf(`${base}/loop`, allowed))).toBe(REMOTE_FETCH_REASONS.redirects);
    expect(served).toHaveLength(6);
  });

  it('refuses other protocols, in the URL or a redirect, and text that is not a URL', async () => {
    expect(await reasonOf(fetchRemotePdf('file:///etc/passwd', allowed))).toBe(REMOTE_FETCH_REASONS.protocol);
    expect(await reasonOf(fetchRemotePdf('ftp://files.example/a.pdf', allowed))).toBe(REMOTE_FETCH_REASONS.protocol);
    expect(await reasonOf(fetchRemotePdf(`${base}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, allowed))).toBe(REMOTE_FETCH_REASONS.protocol);
    expect(await reasonOf(fetchRemotePdf('not a url', allowed))).toBe(REMOTE_FETCH_REASONS.invalidUrl);
  });

  it('gives up on a server that does not answer, or stops sending', async () => {
    expect(await reasonOf(fetchRemotePdf(`${base}/silent`, { ...allowed, idleTimeoutMs: 200 }))).toBe(REMOTE_FETCH_REASONS.noAnswer);
    expect(await reasonOf(fetchRemotePdf(`${base}/stall`, { ...allowed, idleTimeoutMs: 200 }))).toBe(REMOTE_FETCH_REASONS.noAnswer);
  });

  it('stops a download that takes longer than the time limit, however steadily it arrives', async () => {
    const started = Date.now();
    expect(await reasonOf(fetchRemotePdf(`${base}/drip`, { ...allowed, idleTimeoutMs: 1000, timeLimitMs: 300 }))).toBe(REMOTE_FETCH_REASONS.tooSlow);
    expect(Date.now() - started).toBeLessThan(scaled(2000));
  });

  it('says when nothing listens at the address', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await reasonOf(fetchRemotePdf(`http://127.0.0.1:${closedPort}/a.pdf`, allowed))).toBe(REMOTE_FETCH_REASONS.unreachable);
  });

  it('says when a name does not resolve', async () => {
    const lookup = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    expect(await reasonOf(fetchRemotePdf('http://nowhere.invalid/a.pdf', { ...allowed, lookup }))).toBe(REMOTE_FETCH_REASONS.unknownHost);
  });

  it("rejects with the caller's own reason when the caller aborts", async () => {
    const controller = new AbortController();
    const fetching = fetchRemotePdf(`${base}/silent`, { ...allowed, signal: controller.signal });
    // Aborted once the request is under way (the server holds it, never answering).
    await vi.waitFor(() => expect(served.map(([pathname]) => pathname)).toContain('/silent'), { timeout: scaled(5_000) });
    controller.abort(new Error('shutting down'));
    await expect(fetching).rejects.toThrow('shutting down');
  });
});

describe('describeSize and filenameOf', () => {
  it('write a size cap as a person reads it', () => {
    expect([100 * MB, MB, 1536 * 1024, 10 * 1024, 500].map(describeSize)).toEqual(['100 MB', '1 MB', '1.5 MB', '10 KB', '500 bytes']);
  });

  it('name the file after the last part of the path', () => {
    expect(filenameOf(new URL('https://example.com/docs/Guide%202024.pdf?x=1'))).toBe('Guide 2024.pdf');
    expect(filenameOf(new URL('https://example.com/download'))).toBe('download.pdf');
    expect(filenameOf(new URL('https://example.com/'))).toBe('document.pdf');
    expect(filenameOf(new URL('https://example.com/a%2Fb%3A.PDF'))).toBe('a_b_.PDF');
  });
});
