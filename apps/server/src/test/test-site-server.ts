import { createHash } from 'node:crypto';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';

/** What a test asks of the served site: each request as it arrived. */
export interface TestSite {
  origin: string;
  /** The same site under another host name (`localhost`): its robots.txt closes everything to Steward. */
  blockedOrigin: string;
  /** `conditional`: it carried If-None-Match or If-Modified-Since; `status` what it was answered. */
  requests: { path: string; host: string; userAgent: string; conditional: boolean; status: number }[];
  /**
   * What a test changes between two syncs: a path served with another body (a page, a sitemap), answered with a
   * status instead (404, 410, 500), or as it was again (`undefined`).
   */
  edit(path: string, change: { body: string } | { status: number } | undefined): void;
  close(): Promise<void>;
}

const page = (title: string, body: string, head = '<meta charset="utf-8">') =>
  `<!doctype html><html lang="en"><head>${head}<title>${title}</title></head><body>
<nav class="menu"><a href="/">Home</a> <a href="/help/">Help</a> <a href="/about">About</a></nav>
<div id="cookie-consent">We use cookies to improve your visit. Accept all cookies?</div>
<main><article>${body}</article></main>
<footer>Copyright Acme Parcel Company. All rights reserved. Imprint and privacy notice.</footer>
<script>window.trackingPixel = 'never indexed';</script>
</body></html>`;

/** A page of the test site, for a test's edit. */
export const testSitePage = (title: string, body: string): string => page(title, body);

const filler = (topic: string) =>
  `<p>This part of the Acme help centre explains ${topic} in detail, so that customers find the answer without writing to support. Every section is kept up to date by the service team.</p>`;

/** The pages of the site, by path. */
function pages(origin: string): Record<string, string> {
  return {
    '/': page(
      'Acme help centre',
      `<h1>Acme help centre</h1>${filler('where to start')}
<p>Start with <a href="/help/">the help pages</a>, read <a href="/about">about us</a>, download <a href="/help/manual.pdf">the manual</a>,
see <a href="/files/data">the data feed</a>, <a href="/private/secret">staff notes</a>, <a href="/slow">the slow page</a>,
<a href="/huge">the huge page</a>, <a href="/latin1">the old page</a>, <a href="/loop/a">the loop</a>,
<a href="/help/shipping#rates">rates</a>, <a href="https://example.com/elsewhere">another site</a> and <a href="mailto:help@acme.test">mail</a>.</p>`,
    ),
    '/help/': page(
      'Help',
      `<h1>Help</h1>${filler('the help topics')}<ul><li><a href="/help/shipping">Shipping</a></li><li><a href="/help/returns">Returns</a></li><li><a href="${origin}/">Home again</a></li></ul>`,
    ),
    '/help/shipping': page(
      'Shipping – Acme help centre',
      `<h1>Shipping</h1>${filler('shipping')}
<h2 id="rates">Rates</h2><p>Parcels to Iceland travel by zeppelin and reach Reykjavik within four days for a flat fee of 12 euros.</p>
<ul><li>Express delivery: 9.95 euros</li><li>Pick-up point: free</li></ul>
<table><tr><th>Zone</th><th>Days</th></tr><tr><td>Nordics</td><td>4</td></tr></table>
<h3>Tracking</h3><pre><code>curl https://acme.test/track --parcel 42</code></pre>`,
    ),
    '/help/returns': page('Returns', `<h1>Returns</h1>${filler('returns')}<p>Returns are free within 30 days when the parcel carries the green returns label.</p>`),
    '/help/orphan': page('Warranty', `<h1>Warranty</h1>${filler('the warranty')}<p>The hoverboard warranty lasts seven years and covers the gyroscope.</p>`),
    '/about-us': page('About us', `<h1>About us</h1>${filler('the company')}<p>Acme Parcel Company was founded in a lighthouse in 1921.</p>`),
    '/private/secret': page('Staff notes', '<h1>Staff notes</h1><p>The vault combination is 31415.</p>'),
    '/loop/a': page('Loop A', `<h1>Loop A</h1>${filler('loop A')}<p>See <a href="/loop/b">B</a> and <a href="/loop/a?">A again</a>.</p>`),
    '/loop/b': page('Loop B', `<h1>Loop B</h1>${filler('loop B')}<p>See <a href="/loop/a">A</a>.</p>`),
    '/slow': page('Slow', `<h1>Slow page</h1>${filler('patience')}<p>The snail courier arrives on Thursdays.</p>`),
  };
}

const sitemapIndex = (origin: string) => `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap>
  <sitemap><loc>${origin}/sitemap-more.xml</loc></sitemap>
</sitemapindex>`;

export const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<url><loc>${url}</loc></url>`).join('\n')}</urlset>`;

/** "Crème brûlée" and "Café" in windows-1252, declared only in the page's <meta>. */
const LATIN1_PAGE = Buffer.from(
  page('Old page', `<h1>Old page</h1>${filler('the old pages')}<p>Our caf\u00e9 serves cr\u00e8me br\u00fbl\u00e9e to every courier.</p>`, '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'),
  'latin1',
);

/**
 * A small help centre served on 127.0.0.1 for the crawler's tests: nested pages, a sitemap index (with a page no
 * link reaches), robots.txt with a Disallow and a Crawl-delay for Steward (and everything closed to others), a
 * redirect inside the site and one to a private address, a slow page, a page of 50 MB sent without a length, a
 * link to a PDF and one to JSON, a loop of links, a page in windows-1252, a sitemap of 100,000 URLs, gzipped sitemaps
 * (an index of .xml.gz files, application/gzip and application/x-gzip) and a gzip bomb. Its pages
 * carry an ETag and a Last-Modified and answer conditional requests with 304; a test edits a page between syncs.
 */
export async function startTestSite(options: { crawlDelaySeconds?: number } = {}): Promise<TestSite> {
  const requests: TestSite['requests'] = [];
  const edits = new Map<string, { body: string } | { status: number }>();
  let origin = '';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://test.invalid');
    const host = request.headers.host ?? '';
    const asked = { path: url.pathname, host, userAgent: request.headers['user-agent'] ?? '', status: 0 };
    requests.push({ ...asked, conditional: request.headers['if-none-match'] !== undefined || request.headers['if-modified-since'] !== undefined });
    const answered = requests[requests.length - 1];
    const send = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      if (answered) answered.status = status;
      response.writeHead(status, { 'content-type': type, ...headers });
      response.end(body);
    };
    /**
     * A page as a careful server sends it: an ETag of its bytes and a Last-Modified, and a 304 without a body when the
     * request's If-None-Match names that ETag (or, without one, its If-Modified-Since is not older).
     */
    const sendPage = (body: string) => {
      const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
      const lastModified = new Date(Date.UTC(2026, 0, 1) + Buffer.byteLength(body) * 1000).toUTCString();
      const ifNoneMatch = request.headers['if-none-match'];
      const ifModifiedSince = request.headers['if-modified-since'];
      const fresh = ifNoneMatch !== undefined ? ifNoneMatch === etag : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Date.parse(lastModified);
      if (fresh) {
        if (answered) answered.status = 304;
        response.writeHead(304, { etag, 'last-modified': lastModified });
        return response.end();
      }
      return send(200, 'text/html; charset=utf-8', body, { etag, 'last-modified': lastModified });
    };
    const edit = edits.get(url.pathname);
    if (edit && 'status' in edit) return send(edit.status, 'text/html', `<h1>${edit.status}</h1>`);
    if (edit) return url.pathname.endsWith('.xml') ? send(200, 'application/xml', edit.body) : sendPage(edit.body);
    if (url.pathname === '/robots.txt') {
      if (host.startsWith('localhost')) return send(200, 'text/plain', 'User-agent: Steward\nDisallow: /\n');
      return send(
        200,
        'text/plain',
        `User-agent: *\nDisallow: /\n\nUser-agent: Steward\nDisallow: /private/\nCrawl-delay: ${options.crawlDelaySeconds ?? 0.05}\n\nSitemap: ${origin}/sitemap-index.xml\n`,
      );
    }
    if (url.pathname === '/sitemap-index.xml') return send(200, 'application/xml', sitemapIndex(origin));
    if (url.pathname === '/sitemap-pages.xml') return send(200, 'application/xml', urlset([`${origin}/help/`, `${origin}/help/shipping`, `${origin}/private/secret`]));
    if (url.pathname === '/sitemap-more.xml') return send(200, 'application/xml', urlset([`${origin}/help/orphan`]));
    // Gzipped sitemaps: an index naming a .xml.gz (application/gzip), one served as application/x-gzip, and a zip bomb.
    if (url.pathname === '/sitemap-gz-index.xml') {
      return send(200, 'application/xml', `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-pages.xml.gz</loc></sitemap><sitemap><loc>${origin}/sitemap-more.xml.gz</loc></sitemap></sitemapindex>`);
    }
    if (url.pathname === '/sitemap-pages.xml.gz') return send(200, 'application/gzip', gzipSync(urlset([`${origin}/help/`, `${origin}/help/shipping`])));
    if (url.pathname === '/sitemap-more.xml.gz') return send(200, 'application/x-gzip', gzipSync(urlset([`${origin}/help/orphan`])));
    if (url.pathname === '/sitemap-bomb.xml.gz') {
      // About 20 KB on the wire, 20 MB of XML once decompressed: past the 10 MB a sitemap may be.
      const filler = Buffer.alloc(20 * 1024 * 1024, ' ');
      return send(200, 'application/gzip', gzipSync(Buffer.concat([Buffer.from(urlset([`${origin}/help/`]).replace('</urlset>', '')), filler, Buffer.from('</urlset>')])));
    }
    if (url.pathname === '/sitemap-huge.xml') {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.write('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      for (let start = 0; start < 100_000; start += 1000) {
        response.write(Array.from({ length: 1000 }, (_, i) => `<url><loc>${origin}/catalogue/item-${start + i}</loc></url>`).join(''));
      }
      return response.end('</urlset>');
    }
    if (url.pathname.startsWith('/catalogue/')) return send(200, 'text/html; charset=utf-8', page('Item', `<h1>Item ${url.pathname.slice(11)}</h1>${filler('a catalogue item')}`));
    if (url.pathname === '/about') return send(301, 'text/html', '', { location: '/about-us' });
    if (url.pathname === '/redirect-private') return send(302, 'text/html', '', { location: 'http://10.255.255.1/admin' });
    if (url.pathname === '/files/data') return send(200, 'application/json', '{"not":"a page"}');
    if (url.pathname === '/help/manual.pdf') return send(200, 'application/pdf', '%PDF-1.4\n');
    if (url.pathname === '/latin1') return send(200, 'text/html', LATIN1_PAGE);
    if (url.pathname === '/huge') {
      // 50 MB without a Content-Length: only a bounded read stops it.
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const part = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const more = () => {
        while (sent < 50 * 1024 * 1024 && !response.destroyed) {
          sent += part.length;
          if (!response.write(part)) return response.once('drain', more);
        }
        if (!response.destroyed) response.end();
      };
      response.write('<!doctype html><html><body><p>');
      return more();
    }
    const body = pages(origin)[url.pathname];
    if (body === undefined) return send(404, 'text/html', '<h1>Not found</h1>');
    if (url.pathname === '/slow') {
      setTimeout(() => send(200, 'text/html; charset=utf-8', body), 300);
      return;
    }
    return sendPage(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    blockedOrigin: `http://localhost:${port}`,
    requests,
    edit: (path, change) => {
      if (change === undefined) edits.delete(path);
      else edits.set(path, change);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
