/**
 * The dashboard's route table (spec section 2, and the audit log's screen), as path patterns: the web app's
 * router declares these paths (apps/web/src/app/routes/*; `dashboard-routes.test.ts` there pins the two
 * together), and the server answers them with the dashboard's index.html and 200, and any other path that is
 * not a file or a call with 404 (plugins/web-app.ts), so scanners and people get a true status.
 */
export const DASHBOARD_ROUTE_PATTERNS = [
  '/',
  '/register/:key',
  '/reset-password',
  '/reset-password/:key',
  '/weekly-report/unsubscribe/:token',
  '/home',
  '/history',
  '/history/page/:page',
  '/history/:sessionId',
  '/feedback',
  '/feedback/page/:page',
  '/feedback/page/:page/:rating',
  '/feedback/:id',
  '/help-requests',
  '/help-requests/page/:page',
  '/help-requests/page/:page/:status',
  '/help-requests/:id',
  '/inform-the-bot',
  '/inform-the-bot/page/:page',
  '/user-accounts',
  '/user-accounts/page/:page',
  '/user-accounts/add',
  '/user-accounts/:id',
  '/user-accounts/:id/change-password',
  '/user-accounts/:id/second-factor',
  '/user-accounts/:id/sessions',
  '/sign-in/second-factor',
  '/documents',
  '/documents/page/:page',
  '/documents/:id/chunks',
  '/documents/:id/chunks/page/:page',
  '/bot-settings',
  '/search/:query/page/:page',
  '/audit-log',
  '/audit-log/page/:page',
  '/insights',
  '/privacy',
  '/integrations',
  '/sign-in-security',
] as const;

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

const PATTERNS = DASHBOARD_ROUTE_PATTERNS.map(segmentsOf);

/**
 * Whether a URL path (no query) is one of the dashboard's routes, as React Router matches them: each `:param`
 * is one non-empty segment, a trailing slash is allowed.
 */
export function isDashboardPath(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  if (pathname.includes('//')) return false;
  return PATTERNS.some(
    (pattern) => pattern.length === segments.length && pattern.every((part, index) => part.startsWith(':') || part === segments[index]),
  );
}
