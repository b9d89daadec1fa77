import { z } from 'zod';
import { RATINGS } from './feedback.ts';
import { MAX_TIMEZONE_OFFSET_HOURS } from './statistics.ts';

/**
 * The triage filters of History, Feedback and Help Requests (issue 40). They travel as the URL query of
 * the list call and of the dashboard's own route (`/history?rating=down&country=DE`), so reload, back and a
 * shared link keep them, and they combine with the spec's tabs (a path segment) and paging.
 */
export const LIST_FILTER_MESSAGES = {
  dateInvalid: 'A date must be a day written as YYYY-MM-DD.',
  datesReversed: 'The "from" date must not be after the "to" date.',
  offsetInvalid: `The time zone offset must be a number of hours between -${MAX_TIMEZONE_OFFSET_HOURS} and ${MAX_TIMEZONE_OFFSET_HOURS}.`,
  ratingInvalid: 'The rating must be up or down.',
  booleanInvalid: (name: string) => `${name} must be true or false.`,
  originInvalid: 'The site must be an http(s) address without a path, such as https://shop.example.com.',
  countryInvalid: 'The country must be a two-letter code such as DE.',
} as const;

/** A day, YYYY-MM-DD, that exists in the calendar. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, LIST_FILTER_MESSAGES.dateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, LIST_FILTER_MESSAGES.dateInvalid);

/** The viewer's offset from UTC in hours, which the days are read in. */
export const timezoneOffsetHours = z.coerce
  .number({ error: LIST_FILTER_MESSAGES.offsetInvalid })
  .min(-MAX_TIMEZONE_OFFSET_HOURS, LIST_FILTER_MESSAGES.offsetInvalid)
  .max(MAX_TIMEZONE_OFFSET_HOURS, LIST_FILTER_MESSAGES.offsetInvalid);

const trueOrFalse = (name: string) =>
  z
    .enum(['true', 'false'], { error: LIST_FILTER_MESSAGES.booleanInvalid(name) })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'));

/** A site as the browser names an origin: scheme and host (and port), no path. Stored without a trailing slash. */
export const siteOrigin = z
  .string()
  .max(300, LIST_FILTER_MESSAGES.originInvalid)
  .regex(/^https?:\/\/[^/?#\s]+\/?$/i, LIST_FILTER_MESSAGES.originInvalid)
  .transform((value) => value.replace(/\/$/, '').toLowerCase());

export const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, LIST_FILTER_MESSAGES.countryInvalid)
  .transform((value) => value.toUpperCase());

/** Every filter a conversation list may take; each list picks the ones its rows carry. */
const allFilters = {
  from: isoDay.optional(),
  to: isoDay.optional(),
  tz: timezoneOffsetHours.default(0),
  rating: z.enum(RATINGS, { error: LIST_FILTER_MESSAGES.ratingInvalid }).optional(),
  coverage_gaps: trueOrFalse('coverage_gaps'),
  help_request: trueOrFalse('help_request'),
  origin: siteOrigin.optional(),
  country: countryCode.optional(),
};

const datesInOrder = (filters: { from?: string | undefined; to?: string | undefined }) => !filters.from || !filters.to || filters.from <= filters.to;
const DATES_REVERSED = { message: LIST_FILTER_MESSAGES.datesReversed, path: ['to'] };

/** The filters of each list, as object shapes (the export calls add the tab to them). */
const { from, to, tz, country, origin } = allFilters;
export const HISTORY_FILTERS = allFilters;
/** Feedback rows carry no site of their own; the rating is the spec's tab. */
export const FEEDBACK_FILTERS = { from, to, tz, country };
/** The status is the spec's tab. */
export const HELP_REQUEST_FILTERS = { from, to, tz, country, origin };

/** A strict query of `shape` whose days are in order. */
export const filterQuery = <Shape extends z.ZodRawShape>(shape: Shape) => z.strictObject(shape).refine(datesInOrder, DATES_REVERSED);

/** GET /api/all-history/{pageIndex}?…: every filter. `coverage_gaps=true` is the earlier switch, kept. */
export const historyFilterQuery = filterQuery(HISTORY_FILTERS);
export type HistoryFilters = z.output<typeof historyFilterQuery>;

/** GET /api/all-feedback/{pageIndex}/{rating}?… */
export const feedbackFilterQuery = filterQuery(FEEDBACK_FILTERS);
export type FeedbackFilters = z.output<typeof feedbackFilterQuery>;

/** GET /api/all-help-requests/{pageIndex}/{status}?… */
export const helpRequestFilterQuery = filterQuery(HELP_REQUEST_FILTERS);
export type HelpRequestFilters = z.output<typeof helpRequestFilterQuery>;

/** The filters a date range and a country make, which every list has. */
export type CommonFilters = Pick<HistoryFilters, 'from' | 'to' | 'tz' | 'country'>;

/** The filter keys of the URL query, in the order the dashboard writes them. */
export const LIST_FILTER_KEYS = ['from', 'to', 'rating', 'coverage_gaps', 'help_request', 'origin', 'country'] as const;
export type ListFilterKey = (typeof LIST_FILTER_KEYS)[number];

/**
 * A filtered list counts its rows up to this many and says when there are more (`total_count_capped`):
 * a count over a rare filter at 1M rows would otherwise read every row for its number.
 */
export const FILTERED_COUNT_CAP = 10_000;

/** A list page with its count beside the rows: exact, or FILTERED_COUNT_CAP and `total_count_capped`. */
export const filteredPageAnswer = <Row extends z.ZodType>(row: Row) =>
  z.object({
    success: z.literal(true),
    data: z.object({ rows: z.array(row), total_count: z.number().int(), total_count_capped: z.boolean() }),
  });
