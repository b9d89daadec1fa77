import { Parser } from 'htmlparser2';

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
