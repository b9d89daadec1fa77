/** Every screen a signed-in administrator can open, with the ids of rows that exist: the sweeps visit them all. */
export function signedInScreens(ids: { sessionId: string; feedbackId: number; helpRequestId: number; userId: number; searchText: string }): string[] {
  return [
    '/home',
    '/history',
    `/history/${ids.sessionId}`,
    '/feedback',
    `/feedback/${ids.feedbackId}`,
    '/help-requests',
    `/help-requests/${ids.helpRequestId}`,
    '/documents',
    '/inform-the-bot',
    '/bot-settings',
    '/user-accounts',
    '/user-accounts/add',
    `/user-accounts/${ids.userId}`,
    `/user-accounts/${ids.userId}/change-password`,
    `/search/${ids.searchText}/page/1`,
    '/audit-log',
    '/insights',
    '/privacy',
  ];
}
