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
  { path: 'history', handle: { title: 'History' }, element: <HistoryList /> },
  { path: 'history/page/:page', handle: { title: 'History' }, element: <HistoryList /> },
  { path: 'history/:sessionId', handle: { title: 'Chat Session' }, element: <ChatSessionDetail /> },
  { path: 'feedback', handle: { title: 'Feedback' }, element: <FeedbackList /> },
  { path: 'feedback/page/:page', handle: { title: 'Feedback' }, element: <FeedbackList /> },
  { path: 'feedback/page/:page/:rating', handle: { title: 'Feedback' }, element: <FeedbackList /> },
  { path: 'feedback/:id', handle: { title: 'Feedback Detail' }, element: <FeedbackDetailScreen /> },
  { path: 'help-requests', handle: { title: 'Help Requests' }, element: <HelpRequestListScreen /> },
  { path: 'help-requests/page/:page', handle: { title: 'Help Requests' }, element: <HelpRequestListScreen /> },
  { path: 'help-requests/page/:page/:status', handle: { title: 'Help Requests' }, element: <HelpRequestListScreen /> },
  { path: 'help-requests/:id', handle: { title: 'Help Request' }, element: <HelpRequestDetailScreen /> },
];
