/** Page sizes of spec section 9: one place for both sides. */
export const PAGE_SIZE = {
  history: 30,
  feedback: 30,
  helpRequests: 30,
  auditLog: 30,
  userAccounts: 20,
  documents: 20,
  searchResults: 20,
  informTheBot: 10,
  topBarSearch: 5,
} as const;

/** Number of pages for the pagination control: at least 1. */
export const pageCount = (totalCount: number, pageSize: number): number =>
  Math.max(1, Math.ceil(totalCount / pageSize));
