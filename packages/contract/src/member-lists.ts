import { z } from 'zod';
import { pageIndexParam } from './envelope.ts';

/**
 * Sign-in security's lists of members (Signed-in staff, Staff with a second factor): a team of hundreds is not one
 * long table, so each shows a page at a time and finds a member by a part of their name or address.
 */
export const MEMBER_LIST_PAGE_SIZE = 10;
export const MEMBER_SEARCH_MAX_LENGTH = 200;

export const MEMBER_LIST_MESSAGES = {
  searchLabel: 'Find a member by name or email address',
  searchTooLong: `The search can be at most ${MEMBER_SEARCH_MAX_LENGTH} characters.`,
  noMatches: 'No member matches this search.',
} as const;

/** `?search=` (a part of the name or address, any case) and `?page=` (zero-based). */
export const memberListQuery = z.strictObject({
  search: z.string().trim().max(MEMBER_SEARCH_MAX_LENGTH, MEMBER_LIST_MESSAGES.searchTooLong).default(''),
  page: pageIndexParam.default(0),
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

/** A page of a member list, with how many members the whole list holds. */
export const memberListAnswer = <Row extends z.ZodType>(row: Row) =>
  z.object({ success: z.literal(true), data: z.object({ rows: z.array(row), total_count: z.number().int() }) });
