import type { RouteObject } from 'react-router';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./conversation-screens.tsx');

/** History, feedback and help requests: built by the conversations issue. */
export const conversationRoutes: RouteObject[] = [
  { path: 'history', handle: { title: 'History' }, lazy: lazyScreen(screens, (module) => module.HistoryList) },
  { path: 'history/page/:page', handle: { title: 'History' }, lazy: lazyScreen(screens, (module) => module.HistoryList) },
  { path: 'history/:sessionId', handle: { title: 'Chat Session' }, lazy: lazyScreen(screens, (module) => module.ChatSessionDetailScreen) },
  { path: 'feedback', handle: { title: 'Feedback' }, lazy: lazyScreen(screens, (module) => module.FeedbackList) },
  { path: 'feedback/page/:page', handle: { title: 'Feedback' }, lazy: lazyScreen(screens, (module) => module.FeedbackList) },
  { path: 'feedback/page/:page/:rating', handle: { title: 'Feedback' }, lazy: lazyScreen(screens, (module) => module.FeedbackList) },
  { path: 'feedback/:id', handle: { title: 'Feedback Detail' }, lazy: lazyScreen(screens, (module) => module.FeedbackDetailScreen) },
  { path: 'help-requests', handle: { title: 'Help Requests' }, lazy: lazyScreen(screens, (module) => module.HelpRequestListScreen) },
  { path: 'help-requests/page/:page', handle: { title: 'Help Requests' }, lazy: lazyScreen(screens, (module) => module.HelpRequestListScreen) },
  { path: 'help-requests/page/:page/:status', handle: { title: 'Help Requests' }, lazy: lazyScreen(screens, (module) => module.HelpRequestListScreen) },
  { path: 'help-requests/:id', handle: { title: 'Help Request' }, lazy: lazyScreen(screens, (module) => module.HelpRequestDetailScreen) },
];
