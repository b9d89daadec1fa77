import { useParams, type RouteObject } from 'react-router';
import { canReadInformTheBot } from '@steward/contract/permissions';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { InformTheBotList } from '../../features/inform-the-bot/components/inform-the-bot-list.tsx';
import { pageIndexFromRoute } from '../../lib/page-param.ts';
import { PermissionGate } from './gates.tsx';

function InformTheBotScreen() {
  const viewer = useSignedInUser();
  const { page } = useParams();
  return <InformTheBotList pageIndex={pageIndexFromRoute(page)} viewer={viewer} />;
}

export const informTheBotRoutes: RouteObject[] = [
  {
    element: <PermissionGate allows={canReadInformTheBot} />,
    children: [
      { path: 'inform-the-bot', handle: { title: 'Inform the Bot' }, element: <InformTheBotScreen /> },
      { path: 'inform-the-bot/page/:page', handle: { title: 'Inform the Bot' }, element: <InformTheBotScreen /> },
    ],
  },
];
