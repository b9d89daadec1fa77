import type { HelpRequestStatusFilter } from '@steward/contract/help-requests';

/** Query keys of help request data; invalidate `all` after a status change so lists follow. */
export const helpRequestQueryKeys = {
  all: ['help-requests'] as const,
  pages: ['help-requests', 'page'] as const,
  page: (status: HelpRequestStatusFilter, pageIndex: number, query: string) => ['help-requests', 'page', { status, pageIndex, query }] as const,
  detail: (id: number) => ['help-requests', 'detail', id] as const,
  thread: (id: number) => ['help-requests', 'thread', id] as const,
};
