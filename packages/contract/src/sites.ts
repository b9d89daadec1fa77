import { z } from 'zod';
import { isoTimestamp } from './envelope.ts';
import { isHttpUrl, MAX_SOURCE_URL_LENGTH } from './documents.ts';

/**
 * A website as a source of the bot's knowledge (issue 55): crawled from a start page or a sitemap, within
 * limits the form shows and the server enforces. One card on Documents, its pages inside.
 */
export const SITE_STATUSES = ['queued', 'crawling', 'completed', 'cancelled', 'error'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];
export const SITE_STATUS_LABELS: Record<SiteStatus, string> = {
  queued: 'Waiting',
  crawling: 'Crawling',
  completed: 'Completed',
  cancelled: 'Cancelled',
  error: 'Error',
};
/** A crawl still going: the card polls, Cancel is offered, delete waits. */
export const isSiteCrawling = (status: SiteStatus): boolean => status === 'queued' || status === 'crawling';

/** `retired`: the page is gone from the site (404/410 twice, or no longer in the sitemap); the bot no longer answers from it. */
export const SITE_PAGE_STATUSES = ['found', 'indexed', 'failed', 'skipped', 'retired'] as const;
export type SitePageStatus = (typeof SITE_PAGE_STATUSES)[number];
export const SITE_PAGE_STATUS_LABELS: Record<SitePageStatus, string> = { found: 'Found', indexed: 'Indexed', failed: 'Failed', skipped: 'Skipped', retired: 'Retired' };

/** How often a source is read again by itself (issue 55); off unless staff choose otherwise. */
export const SYNC_SCHEDULES = ['off', 'daily', 'weekly'] as const;
export type SyncSchedule = (typeof SYNC_SCHEDULES)[number];
export const SYNC_SCHEDULE_LABELS: Record<SyncSchedule, string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };
/** The time between two scheduled syncs; a source whose last finished sync is older than twice this is overdue. */
export const SYNC_INTERVAL_MS: Record<Exclude<SyncSchedule, 'off'>, number> = { daily: 86_400_000, weekly: 7 * 86_400_000 };

/** What started a sync: the first read when the site was added, a staff member's Sync now, or the schedule. */
export const SITE_SYNC_TRIGGERS = ['added', 'manual', 'schedule'] as const;
export type SiteSyncTrigger = (typeof SITE_SYNC_TRIGGERS)[number];
export const SITE_SYNC_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type SiteSyncStatus = (typeof SITE_SYNC_STATUSES)[number];
export const SITE_SYNC_STATUS_LABELS: Record<SiteSyncStatus, string> = {
  queued: 'Waiting',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
/** What a sync found of one page; a sync's record counts its pages by these. */
export const SITE_PAGE_SYNC_OUTCOMES = ['unchanged', 'changed', 'added', 'removed', 'failed', 'skipped'] as const;
export type SitePageSyncOutcome = (typeof SITE_PAGE_SYNC_OUTCOMES)[number];
/** The sync records a site's history shows, newest first. */
export const SITE_SYNCS_SHOWN = 20;

export const SITE_START_KINDS = ['page', 'sitemap'] as const;
export type SiteStartKind = (typeof SITE_START_KINDS)[number];

/** The limits of one crawl: the form's defaults and bounds, enforced again by the server. */
export const SITE_LIMITS = {
  maxPages: { default: 500, min: 1, max: 5000 },
  maxDepth: { default: 3, min: 0, max: 10 },
  prefixes: { max: 20, length: 200 },
} as const;
export const SITE_PAGES_PAGE_SIZE = 50;

export const SITE_MESSAGES = {
  startUrlInvalid: 'Please enter the site’s address as an http:// or https:// URL.',
  sitemapUrlInvalid: 'Please enter the address of the sitemap (an http:// or https:// URL ending in .xml or .xml.gz).',
  maxPages: `Please enter a number of pages from ${SITE_LIMITS.maxPages.min} to ${SITE_LIMITS.maxPages.max}.`,
  maxDepth: `Please enter a link depth from ${SITE_LIMITS.maxDepth.min} to ${SITE_LIMITS.maxDepth.max}.`,
  prefix: 'Each path prefix starts with / (for example /help/), one per line.',
  tooManyPrefixes: `At most ${SITE_LIMITS.prefixes.max} path prefixes.`,
  notFound: 'This website source does not exist.',
  crawling: 'This website is still being read. Cancel the crawl first.',
  notCrawling: 'This website is not being read.',
  added: 'The website was added: its pages are read in the background.',
  deleteQuestion: 'Are you sure you want to delete this website and the pages the bot learnt from it?',
  deleted: 'The website and its pages have been deleted.',
  cancelled: 'Cancelled by a staff member. The pages read so far still answer.',
  syncQueued: 'The website will be read again in the background: only changed pages are indexed again.',
  scheduleInvalid: 'Please choose how often to sync: off, daily or weekly.',
  scheduleSaved: 'The sync schedule was saved.',
} as const;

const prefixList = z
  .array(
    z
      .string({ error: SITE_MESSAGES.prefix })
      .trim()
      .max(SITE_LIMITS.prefixes.length, SITE_MESSAGES.prefix)
      .regex(/^\/\S*$/, SITE_MESSAGES.prefix),
    { error: SITE_MESSAGES.prefix },
  )
  .max(SITE_LIMITS.prefixes.max, SITE_MESSAGES.tooManyPrefixes);

const whole = (message: string, limits: { min: number; max: number }) =>
  z.number({ error: message }).int(message).min(limits.min, message).max(limits.max, message);

/** POST /api/sites: the Add a website form's fields; the form and the route read the same rules. */
export const addSiteRequest = z
  .strictObject({
    start_kind: z.enum(SITE_START_KINDS).default('page'),
    start_url: z.string({ error: SITE_MESSAGES.startUrlInvalid }).trim().max(MAX_SOURCE_URL_LENGTH, SITE_MESSAGES.startUrlInvalid).refine(isHttpUrl, SITE_MESSAGES.startUrlInvalid),
    max_pages: whole(SITE_MESSAGES.maxPages, SITE_LIMITS.maxPages).default(SITE_LIMITS.maxPages.default),
    max_depth: whole(SITE_MESSAGES.maxDepth, SITE_LIMITS.maxDepth).default(SITE_LIMITS.maxDepth.default),
    include_prefixes: prefixList.default([]),
    exclude_prefixes: prefixList.default([]),
  })
  // A sitemap's address ends in .xml, or .xml.gz when gzipped (checked once the rest holds).
  .superRefine((site, context) => {
    const path = (site.start_url.split(/[?#]/)[0] ?? '').toLowerCase();
    if (site.start_kind === 'sitemap' && !path.endsWith('.xml') && !path.endsWith('.xml.gz')) {
      context.addIssue({ code: 'custom', path: ['start_url'], message: SITE_MESSAGES.sitemapUrlInvalid });
    }
  });
export type AddSiteRequest = z.input<typeof addSiteRequest>;
export type AddSiteFields = z.output<typeof addSiteRequest>;

/** Splits a textarea of path prefixes, one per line (blank lines dropped). */
export const prefixLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** What a sync found: pages (or a document's one URL) checked, unchanged, changed, added, removed and failed. */
export const syncCountsAnswer = z.object({
  checked: z.number().int(),
  unchanged: z.number().int(),
  changed: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  failed: z.number().int(),
});

/** One sync of a site (its first read included): what it checked and what changed. `requested_by` null: the schedule. */
export const siteSyncRow = z.object({
  id: z.number().int(),
  trigger: z.enum(SITE_SYNC_TRIGGERS),
  requested_by: z.string().nullable(),
  status: z.enum(SITE_SYNC_STATUSES),
  message: z.string().nullable(),
  queued_at: isoTimestamp,
  started_at: isoTimestamp.nullable(),
  finished_at: isoTimestamp.nullable(),
  /** Milliseconds from start to finish; null until it finished. */
  duration_ms: z.number().int().nullable(),
  ...syncCountsAnswer.shape,
});
export type SiteSyncRow = z.infer<typeof siteSyncRow>;

/** A website source as its card shows it. */
export const siteRow = z.object({
  id: z.number().int(),
  start_url: z.string(),
  start_kind: z.enum(SITE_START_KINDS),
  max_pages: z.number().int(),
  max_depth: z.number().int(),
  include_prefixes: z.array(z.string()),
  exclude_prefixes: z.array(z.string()),
  status: z.enum(SITE_STATUSES),
  /** Why it ended in error, or a note on a completed crawl (a sitemap cut at the limit). */
  message: z.string().nullable(),
  pages_found: z.number().int(),
  pages_read: z.number().int(),
  pages_indexed: z.number().int(),
  pages_failed: z.number().int(),
  added_by: z.string(),
  added_at: isoTimestamp,
  finished_at: isoTimestamp.nullable(),
  sync_schedule: z.enum(SYNC_SCHEDULES),
  /** The newest sync's record (the first read's included), or null for a site added before syncs were recorded. */
  last_sync: siteSyncRow.nullable(),
  /** A schedule is set and no sync has finished within twice its interval. */
  sync_overdue: z.boolean(),
});
export type SiteRow = z.infer<typeof siteRow>;

/** One page of a site, on its card. */
export const sitePageRow = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string().nullable(),
  status: z.enum(SITE_PAGE_STATUSES),
  message: z.string().nullable(),
  chunks: z.number().int(),
  /** The document its passages belong to, once indexed (the chunk viewer opens it); null before. */
  document_id: z.number().int().nullable(),
  total_count: z.number().int(),
});
export type SitePageRow = z.infer<typeof sitePageRow>;


/** POST /api/sites/:id/schedule. */
export const siteScheduleRequest = z.strictObject({ sync_schedule: z.enum(SYNC_SCHEDULES, { error: SITE_MESSAGES.scheduleInvalid }) });
export type SiteScheduleRequest = z.infer<typeof siteScheduleRequest>;
