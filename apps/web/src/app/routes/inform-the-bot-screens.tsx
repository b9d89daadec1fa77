import { useParams } from 'react-router';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { InformTheBotList } from '../../features/inform-the-bot/components/inform-the-bot-list.tsx';
import { pageIndexFromRoute } from '../../lib/page-param.ts';

export function InformTheBotScreen() {
  const viewer = useSignedInUser();
  const { page } = useParams();
  return <InformTheBotList pageIndex={pageIndexFromRoute(page)} viewer={viewer} />;
}
