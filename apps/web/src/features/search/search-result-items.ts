import { SEARCH_GROUPS, type SearchGroup, type SearchResults } from '@steward/contract/search';

/** One line of the dropdown: where it leads, and the text its snippet and the rerank read. */
export interface SearchResultItem {
  key: string;
  group: SearchGroup;
  href: string;
  text: string;
}

const joinTexts = (...texts: string[]): string => texts.filter((text) => text.trim() !== '').join(' — ');

/** Every result in pill order, each with its detail route (spec section 1). */
export function searchResultItems(results: SearchResults): SearchResultItem[] {
  const items: Record<SearchGroup, SearchResultItem[]> = {
    chatHistory: results.chatHistory.rows.map((row, index) => ({
      key: `chatHistory-${row.session_id}-${index}`,
      group: 'chatHistory',
      href: `/history/${encodeURIComponent(row.session_id)}`,
      text: joinTexts(row.user_message, row.api_response),
    })),
    feedback: results.feedback.rows.map((row) => ({
      key: `feedback-${row.id}`,
      group: 'feedback',
      href: `/feedback/${row.id}`,
      text: joinTexts(row.message, row.user_message, row.api_response),
    })),
    helpRequests: results.helpRequests.rows.map((row) => ({
      key: `helpRequests-${row.id}`,
      group: 'helpRequests',
      href: `/help-requests/${row.id}`,
      text: row.message,
    })),
    userAccounts: results.userAccounts.rows.map((row) => ({
      key: `userAccounts-${row.id}`,
      group: 'userAccounts',
      href: `/user-accounts/${row.id}`,
      text: row.name,
    })),
  };
  return SEARCH_GROUPS.flatMap((group) => items[group]);
}

/** The groups that have results: only these get a pill. */
export const groupsWithResults = (items: readonly SearchResultItem[]): SearchGroup[] =>
  SEARCH_GROUPS.filter((group) => items.some((item) => item.group === group));
