import { HelpRequestDetailScreen, HelpRequestListScreen } from './help-request-screens.tsx';
import type { RouteObject } from 'react-router';
import { NotBuiltYet } from '../../components/not-built-yet.tsx';

/** History, feedback and help requests: built by the conversations issue. */
export const conversationRoutes: RouteObject[] = [
  { path: 'history', element: <NotBuiltYet title="History" /> },
  { path: 'history/page/:page', element: <NotBuiltYet title="History" /> },
  { path: 'history/:sessionId', element: <NotBuiltYet title="Chat session" /> },
  { path: 'feedback', element: <NotBuiltYet title="Feedback" /> },
  { path: 'feedback/page/:page', element: <NotBuiltYet title="Feedback" /> },
  { path: 'feedback/page/:page/:rating', element: <NotBuiltYet title="Feedback" /> },
  { path: 'feedback/:id', element: <NotBuiltYet title="Feedback" /> },
  { path: 'help-requests', element: <HelpRequestListScreen /> },
  { path: 'help-requests/page/:page', element: <HelpRequestListScreen /> },
  { path: 'help-requests/page/:page/:status', element: <HelpRequestListScreen /> },
  { path: 'help-requests/:id', element: <HelpRequestDetailScreen /> },
];
