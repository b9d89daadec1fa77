import { useParams, useSearchParams } from 'react-router';
import { INFORM_THE_BOT_STATUS_PARAM } from '@steward/contract/inform-the-bot';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { InformTheBotList } from '../../features/inform-the-bot/components/inform-the-bot-list.tsx';
import { pageIndexFromRoute } from '../../lib/page-param.ts';

/** /inform-the-bot and /inform-the-bot/page/{page}; `?status=pending` shows the Pending tab. */
export function InformTheBotScreen() {
  const viewer = useSignedInUser();
  const { page } = useParams();
  const [searchParams] = useSearchParams();
  const pendingOnly = searchParams.get(INFORM_THE_BOT_STATUS_PARAM) === 'pending';
  return <InformTheBotList pageIndex={pageIndexFromRoute(page)} pendingOnly={pendingOnly} viewer={viewer} />;
}
