/** The screens of history, feedback and help requests (one chunk, loaded by conversation-routes.tsx). */
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { FeedbackDetail } from '../../features/feedback/components/feedback-detail.tsx';
import { ChatSessionDetail } from '../../features/history/components/chat-session-detail.tsx';

export function FeedbackDetailScreen() {
  return <FeedbackDetail viewer={useSignedInUser()} />;
}

export { HistoryList } from '../../features/history/components/history-list.tsx';
export function ChatSessionDetailScreen() {
  return <ChatSessionDetail viewer={useSignedInUser()} />;
}
export { FeedbackList } from '../../features/feedback/components/feedback-list.tsx';
export { HelpRequestDetailScreen, HelpRequestListScreen } from './help-request-screens.tsx';
