import { z } from 'zod';
import { PAGE_SIZE } from './paging.ts';

/** Texts of the top bar search (spec section 2). */
export const SEARCH_TEXTS = {
  placeholder: 'Search',
  bestMatch: 'Best Match',
  otherResults: (count: number) => `Other Results (${count})`,
  noResults: 'No results found.',
  clear: 'Clear search',
  searching: 'Searching…',
  /** The results page without a history hit, when the top bar's search finds other kinds (our addition). */
  otherKinds: 'No chat history matches, but other kinds of results do:',
} as const;

/** The result groups in the order of their pills. */
export const SEARCH_GROUPS = ['chatHistory', 'feedback', 'helpRequests', 'userAccounts'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];
export const SEARCH_GROUP_LABELS: Record<SearchGroup, string> = {
  chatHistory: 'History',
  feedback: 'Feedback',
  helpRequests: 'Help Requests',
  userAccounts: 'User Accounts',
};

export const MAX_SEARCH_LENGTH = 200;
/**
 * Counts stop here: a common word at a million rows is counted as "1,000 or more" on the results page,
 * and as "20 or more" per group by POST /api/search (the dropdown shows no counts), which keeps each
 * keystroke's search fast.
 */
export const SEARCH_COUNT_CAP = 1_000;
export const TOP_BAR_COUNT_CAP = 20;
/** Snippets: a window of this many characters around the match (spec section 2). */
export const SNIPPET_LENGTH = 300;

/** A search word: letters and digits, with . @ _ - inside it (as in emails). Nothing else reaches a query. */
// eslint-disable-next-line security/detect-unsafe-regex -- linear: each repetition starts with a separator no letter class matches, so there is one way to match
const SEARCH_WORD = /[\p{L}\p{N}]+(?:[.@_-][\p{L}\p{N}]+)*/gu;

/**
 * How a search text is read, on both sides (the server's query, the browser's highlight): its
 * "quoted phrases" of two or more words, and its other words, lower-cased, in order. An unclosed
 * quote, or a quoted single word, reads as plain words.
 */
export function splitSearchText(text: string): { words: string[]; phrases: string[][] } {
  const phrases: string[][] = [];
  const unquoted: string[] = [];
  const parts = text.split('"');
  parts.forEach((part, position) => {
    const words = (part.match(SEARCH_WORD) ?? []).map((word) => word.toLowerCase());
    const quoted = position % 2 === 1 && position < parts.length - 1;
    if (quoted && words.length > 1) phrases.push(words);
    else unquoted.push(part);
  });
  return { words: (unquoted.join(' ').match(SEARCH_WORD) ?? []).map((word) => word.toLowerCase()), phrases };
}

export const SEARCH_MESSAGES = {
  textRequired: 'Please type something to search for.',
  tooLong: `A search is at most ${MAX_SEARCH_LENGTH} characters long.`,
  tooManyResults: 'Send at most 50 results to rank.',
} as const;

/** Not trimmed: a space after the last word says it is finished, not a prefix (docs/search.md). */
const searchText = z
  .string({ error: SEARCH_MESSAGES.textRequired })
  .max(MAX_SEARCH_LENGTH, SEARCH_MESSAGES.tooLong)
  .refine((text) => text.trim() !== '', SEARCH_MESSAGES.textRequired);

/** POST /api/search: 5 per group in the top bar (PAGE_SIZE.topBarSearch), at most 20. */
export const searchRequest = z.strictObject({
  search: searchText,
  limit: z.number().int().min(1).max(PAGE_SIZE.searchResults).default(PAGE_SIZE.topBarSearch),
  page: z.number().int().min(0).max(10_000).default(0),
});
export type SearchRequest = z.input<typeof searchRequest>;

export const historyHit = z.object({ session_id: z.string(), user_message: z.string(), api_response: z.string() });
export const feedbackHit = z.object({ id: z.number().int(), message: z.string(), user_message: z.string(), api_response: z.string() });
export const helpRequestHit = z.object({ id: z.number().int(), message: z.string() });
export const userAccountHit = z.object({ id: z.number().int(), name: z.string() });
export type HistoryHit = z.infer<typeof historyHit>;
export type FeedbackHit = z.infer<typeof feedbackHit>;
export type HelpRequestHit = z.infer<typeof helpRequestHit>;
export type UserAccountHit = z.infer<typeof userAccountHit>;

const group = <Row extends z.ZodType>(row: Row) => z.object({ rows: z.array(row), total_count: z.number().int() });

/** Spec section 3, Search result groups. userAccounts is empty without read_user_accounts. */
export const searchAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    chatHistory: group(historyHit),
    feedback: group(feedbackHit),
    helpRequests: group(helpRequestHit),
    userAccounts: group(userAccountHit),
  }),
});
export type SearchResults = z.infer<typeof searchAnswer>['data'];

/** POST /api/search/rerank: the texts shown, in order; answers the index of the best one. */
export const rerankRequest = z.strictObject({
  query: searchText,
  results: z.array(z.string().max(100_000)).min(1).max(50, SEARCH_MESSAGES.tooManyResults),
});
export type RerankRequest = z.input<typeof rerankRequest>;
export const rerankAnswer = z.object({
  success: z.literal(true),
  data: z.object({ bestMatch: z.object({ index: z.number().int(), score: z.number() }) }),
});

/** POST /api/search/history (our path): the search results page, 20 history hits per page. */
export const searchResultsRequest = z.strictObject({
  search: searchText,
  page: z.number().int().min(0).max(10_000).default(0),
});
export type SearchResultsRequest = z.input<typeof searchResultsRequest>;
export const searchHit = historyHit.extend({ total_count: z.number().int() });
export type SearchHit = z.infer<typeof searchHit>;
