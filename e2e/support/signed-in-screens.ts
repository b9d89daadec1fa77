/** The rows a screen's address names: real ids, or a route's parameter names (`:feedbackId`) for a test's title. */
export interface ScreenIds {
  sessionId: string;
  feedbackId: number | string;
  helpRequestId: number | string;
  userId: number | string;
  searchText: string;
}

/** The sweeps' titles: each screen's route, its ids named as parameters. */
export const SCREEN_ROUTE_PARAMETERS: ScreenIds = { sessionId: ':sessionId', feedbackId: ':feedbackId', helpRequestId: ':helpRequestId', userId: ':userId', searchText: ':text' };

/** Every screen a signed-in administrator can open, with the ids of rows that exist: the sweeps visit them all. */
export function signedInScreens(ids: ScreenIds): string[] {
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
    '/integrations',
  ];
}
