import { gunzipSync } from 'node:zlib';
import { Parser } from 'htmlparser2';

/** gzip's first two bytes (RFC 1952): how a compressed sitemap is known, whatever its name or type says. */
const isGzip = (bytes: Buffer): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** A gzipped sitemap that would decompress past the limit (a zip bomb, or simply too large). */
export class SitemapTooLargeError extends Error {
  override readonly name = 'SitemapTooLargeError';
}

/**
 * A sitemap's text: as it came, or decompressed when it is gzipped (`sitemap.xml.gz`, served as application/gzip or
 * application/x-gzip, or any sitemap whose bytes start as gzip), with at most `maxBytes` of output: zlib stops there
 * (maxOutputLength), so a small file that would expand to gigabytes costs no more than the limit.
 */
export function sitemapText(bytes: Buffer, maxBytes: number): string {
  if (!isGzip(bytes)) return bytes.toString('utf8');
  try {
    return gunzipSync(bytes, { maxOutputLength: maxBytes }).toString('utf8');
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw new SitemapTooLargeError('The sitemap decompresses past the limit.', { cause: error });
    throw error;
  }
}

export interface SitemapUrls {
  /** A sitemap index lists other sitemaps; a urlset lists pages. */
  kind: 'index' | 'urlset' | 'unknown';
  urls: string[];
  /** Whether more <loc> entries were there than `maxUrls` (they are not read). */
  truncated: boolean;
}

/**
 * The <loc> entries of a sitemap or a sitemap index (sitemaps.org), read with htmlparser2's streaming XML
 * parser and stopped after maxUrls: a sitemap of 100,000 URLs costs no more than the pages asked for.
 */
export function readSitemap(xml: string, maxUrls: number): SitemapUrls {
  const result: SitemapUrls = { kind: 'unknown', urls: [], truncated: false };
  let inLoc = false;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name) {
        const local = name.replace(/^.*:/, '').toLowerCase();
        if (result.kind === 'unknown' && local === 'sitemapindex') result.kind = 'index';
        else if (result.kind === 'unknown' && local === 'urlset') result.kind = 'urlset';
        else if (local === 'loc') {
          inLoc = true;
          text = '';
        }
      },
      ontext(data) {
        if (inLoc) text += data;
      },
      onclosetag(name) {
        if (!inLoc || name.replace(/^.*:/, '').toLowerCase() !== 'loc') return;
        inLoc = false;
        const url = text.trim();
        if (url === '') return;
        if (result.urls.length >= maxUrls) {
          result.truncated = true;
          parser.pause();
          return;
        }
        result.urls.push(url);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return result;
}
