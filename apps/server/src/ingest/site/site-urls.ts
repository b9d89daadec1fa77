/** Path endings that are never an HTML page: skipped before any request. */
const NOT_HTML = /\.(?:pdf|zip|gz|tgz|bz2|xz|7z|rar|tar|exe|dmg|msi|iso|apk|png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|mp3|mp4|m4a|wav|ogg|webm|mov|avi|mkv|css|js|mjs|json|xml|rss|atom|txt|csv|xlsx?|docx?|pptx?|odt|ods|woff2?|ttf|eot)$/i;

/**
 * The one spelling of a page's URL, so a page reached by two links is read once: http(s) only, no fragment,
 * no user name or password, no empty query, the host in lower case (the URL parser does that and drops default ports), an
 * empty path as "/". Undefined for anything else (mailto:, javascript:, a broken href).
 */
export function normalisePageUrl(href: string, base?: string | URL): URL | undefined {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  // "/a?" is "/a": an empty query is no query.
  if (url.search === '' || url.search === '?') url.search = '';
  url.username = '';
  url.password = '';
  return url;
}

/** The same site: the same host, http and https alike (a site moving to https keeps its pages), "www." aside. */
export function isSameSite(url: URL, site: URL): boolean {
  const bare = (host: string) => host.replace(/^www\./, '');
  return bare(url.hostname) === bare(site.hostname) && url.port === site.port;
}

/** Whether a path ends like a file that is not a web page (a PDF, an image, a script …). */
export const looksNotHtml = (url: URL): boolean => NOT_HTML.test(url.pathname);

export interface PathScope {
  /** Only paths starting with one of these, when any is given. */
  include: readonly string[];
  /** Never paths starting with one of these. */
  exclude: readonly string[];
}

/** Whether the URL's path is inside the include prefixes (when there are any) and outside every exclude prefix. */
export function isInScope(url: URL, scope: PathScope): boolean {
  const path = url.pathname;
  if (scope.exclude.some((prefix) => path.startsWith(prefix))) return false;
  return scope.include.length === 0 || scope.include.some((prefix) => path.startsWith(prefix));
}
