/** The weekly report's unsubscribe page (one chunk, loaded by weekly-report-routes.tsx). */
import { useParams } from 'react-router';
import { UnsubscribeScreen } from '../../features/weekly-report/components/unsubscribe-screen.tsx';

export function UnsubscribeRoute() {
  const { token = '' } = useParams();
  return <UnsubscribeScreen key={token} token={token} />;
}
