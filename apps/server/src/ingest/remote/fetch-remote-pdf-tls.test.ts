import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_FETCH_REASONS, RemoteFetchError, fetchRemotePdf } from './fetch-remote-pdf.ts';

const HOST = 'files.steward.test';
const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
let certificate = '';
let port = 0;
const serverNames: (string | undefined)[] = [];
let server: https.Server;
let dir = '';

/** A loopback https server with a certificate for HOST made by openssl for this run. */
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-tls-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', `/CN=${HOST}`, '-addext', `subjectAltName=DNS:${HOST}`,
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  certificate = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
  server = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert: certificate }, (_request, response) => response.end(pdf));
  server.on('secureConnection', (socket: { servername?: string | false }) => serverNames.push(socket.servername || undefined));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'fetched',
    (error: unknown) => (error instanceof RemoteFetchError ? error.reason : `unexpected: ${String(error)}`),
  );

describe('fetchRemotePdf over https', () => {
  it('connects to the checked address and still verifies the certificate for the host name (SNI)', async () => {
    const fetched = await fetchRemotePdf(`https://${HOST}:${port}/a.pdf`, { maxBytes: 1024, allowPrivateAddresses: true, lookup, ca: certificate });
    expect(fetched.bytes.equals(pdf)).toBe(true);
    expect(serverNames.at(-1)).toBe(HOST);
  });

  it('refuses a certificate it cannot trust', async () => {
    expect(await reasonOf(fetchRemotePdf(`https://${HOST}:${port}/a.pdf`, { maxBytes: 1024, allowPrivateAddresses: true, lookup }))).toBe(
      REMOTE_FETCH_REASONS.certificate,
    );
  });

  it('refuses a certificate for another name than the URL', async () => {
    expect(await reasonOf(fetchRemotePdf(`https://127.0.0.1:${port}/a.pdf`, { maxBytes: 1024, allowPrivateAddresses: true, ca: certificate }))).toBe(
      REMOTE_FETCH_REASONS.certificate,
    );
  });
});
