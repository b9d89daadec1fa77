import type { RouteObject } from 'react-router';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./weekly-report-screens.tsx');

/** The weekly report's unsubscribe link (issue 57): public, signed in or not (a mail is opened anywhere). */
export const weeklyReportPublicRoutes: RouteObject[] = [
  { path: 'weekly-report/unsubscribe/:token', handle: { title: 'Weekly report' }, lazy: lazyScreen(screens, (module) => module.UnsubscribeRoute) },
];
