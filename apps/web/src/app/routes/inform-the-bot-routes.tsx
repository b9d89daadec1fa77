import type { RouteObject } from 'react-router';
import { NotBuiltYet } from '../../components/not-built-yet.tsx';
import { CapabilityGate } from './gates.tsx';

export const informTheBotRoutes: RouteObject[] = [
  {
    element: <CapabilityGate capability="read_inform_the_bot" />,
    children: [
      { path: 'inform-the-bot', element: <NotBuiltYet title="Inform the Bot" /> },
      { path: 'inform-the-bot/page/:page', element: <NotBuiltYet title="Inform the Bot" /> },
    ],
  },
];
