import { useParams, type RouteObject } from 'react-router';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { InformTheBotList } from '../../features/inform-the-bot/components/inform-the-bot-list.tsx';
import { pageIndexFromRoute } from '../../lib/page-param.ts';
import { CapabilityGate } from './gates.tsx';

function InformTheBotScreen() {
  const viewer = useSignedInUser();
  const { page } = useParams();
  return <InformTheBotList pageIndex={pageIndexFromRoute(page)} viewer={viewer} />;
}

export const informTheBotRoutes: RouteObject[] = [
  {
    element: <CapabilityGate capability="read_inform_the_bot" />,
    children: [
      { path: 'inform-the-bot', element: <InformTheBotScreen /> },
      { path: 'inform-the-bot/page/:page', element: <InformTheBotScreen /> },
    ],
  },
];
