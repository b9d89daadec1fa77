import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { SetSite } from './question-set.ts';

/** A set's websites served on loopback, each folder of sitesDir under its own path (`/<folder>/…`). */
export interface ServedSites {
  origin: string;
  close: () => Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.htm': 'text/html; charset=utf-8', '.xml': 'application/xml', '.txt': 'text/plain' };

/** Serves the folder's files as a static web server does: a path outside it, or missing, is 404. */
export async function serveSites(sitesDir: string): Promise<ServedSites> {
  const root = path.resolve(sitesDir);
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.resolve(root, `.${pathname}`);
    if (!file.startsWith(`${root}${path.sep}`) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    // Declared by the page itself (a <meta charset>) when it has one: only the type is said here.
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    response.writeHead(200, { 'content-type': type.startsWith('text/html') ? 'text/html' : type });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Where the crawl of a set's site starts, and the path prefix that keeps it inside the site's folder. */
export const siteStart = (origin: string, site: SetSite) => ({ startUrl: `${origin}/${site.site}/${site.start}`, prefix: `/${site.site}/` });
