import robotsParser from 'robots-parser';

export interface SiteRobots {
  isAllowed(url: string): boolean;
  /** Crawl-delay for our User-Agent (or *), in milliseconds; undefined when the file gives none. */
  crawlDelayMs: number | undefined;
  /** The Sitemap: lines. */
  sitemaps: string[];
}

/** The name robots.txt groups are matched against (`User-agent: Steward`). */
export const CRAWLER_PRODUCT = 'Steward';

/** The crawler's User-Agent: its name, and the dashboard it works for, so a site owner reading their logs can find whose it is. */
export const crawlerUserAgent = (publicUrl: string): string => `${CRAWLER_PRODUCT}/1.0 (+${publicUrl}; knowledge crawler)`;

/** The most a Crawl-delay may ask for; a larger one is read as this (a crawl of a few pages should still end). */
export const MAX_CRAWL_DELAY_MS = 30_000;

/**
 * A site's robots.txt for Steward's crawler (robots-parser: groups, Allow and Disallow with * and $, the
 * longest match winning). The product token ("Steward", CRAWLER_PRODUCT) picks the group; "*" applies otherwise.
 * No file (404 and the like) allows everything.
 */
export function readRobots(robotsUrl: string, text: string | undefined, userAgent: string = CRAWLER_PRODUCT): SiteRobots {
  const robots = robotsParser(robotsUrl, text ?? '');
  const delay = robots.getCrawlDelay(userAgent);
  return {
    isAllowed: (url) => robots.isAllowed(url, userAgent) !== false,
    crawlDelayMs: delay === undefined || !Number.isFinite(delay) || delay < 0 ? undefined : Math.min(delay * 1000, MAX_CRAWL_DELAY_MS),
    sitemaps: robots.getSitemaps(),
  };
}
