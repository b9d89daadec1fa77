/** The Insights screen (one chunk, loaded by insights-routes.tsx). */
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { InsightsScreen as Insights } from '../../features/insights/components/insights-screen.tsx';

export function InsightsScreen() {
  return <Insights viewer={useSignedInUser()} />;
}
