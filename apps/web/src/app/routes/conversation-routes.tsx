import { HelpRequestDetailScreen, HelpRequestListScreen } from './help-request-screens.tsx';
import type { RouteObject } from 'react-router';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { FeedbackDetail } from '../../features/feedback/components/feedback-detail.tsx';
import { FeedbackList } from '../../features/feedback/components/feedback-list.tsx';
import { ChatSessionDetail } from '../../features/history/components/chat-session-detail.tsx';
import { HistoryList } from '../../features/history/components/history-list.tsx';

function FeedbackDetailScreen() {
  return <FeedbackDetail viewer={useSignedInUser()} />;
}

/** History, feedback and help requests: built by the conversations issue. */
export const conversationRoutes: RouteObject[] = [
  { path: 'history', element: <HistoryList /> },
  { path: 'history/page/:page', element: <HistoryList /> },
  { path: 'history/:sessionId', element: <ChatSessionDetail /> },
  { path: 'feedback', element: <FeedbackList /> },
  { path: 'feedback/page/:page', element: <FeedbackList /> },
  { path: 'feedback/page/:page/:rating', element: <FeedbackList /> },
  { path: 'feedback/:id', element: <FeedbackDetailScreen /> },
  { path: 'help-requests', element: <HelpRequestListScreen /> },
  { path: 'help-requests/page/:page', element: <HelpRequestListScreen /> },
  { path: 'help-requests/page/:page/:status', element: <HelpRequestListScreen /> },
  { path: 'help-requests/:id', element: <HelpRequestDetailScreen /> },
];
