/** The screens of history, feedback and help requests (one chunk, loaded by conversation-routes.tsx). */
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { canExportData } from '@steward/contract/permissions';
import { FeedbackDetail } from '../../features/feedback/components/feedback-detail.tsx';
import { ChatSessionDetail } from '../../features/history/components/chat-session-detail.tsx';
import { FeedbackList as FeedbackListView } from '../../features/feedback/components/feedback-list.tsx';
import { HistoryList as HistoryListView } from '../../features/history/components/history-list.tsx';

export function FeedbackDetailScreen() {
  return <FeedbackDetail viewer={useSignedInUser()} />;
}

/** The lists' Export links need export_data (issue 40). */
export function HistoryList() {
  return <HistoryListView canExport={canExportData(useSignedInUser())} />;
}

export function ChatSessionDetailScreen() {
  return <ChatSessionDetail viewer={useSignedInUser()} />;
}

export function FeedbackList() {
  return <FeedbackListView canExport={canExportData(useSignedInUser())} />;
}
export { HelpRequestDetailScreen, HelpRequestListScreen } from './help-request-screens.tsx';
