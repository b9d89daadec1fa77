import type { RouteObject } from 'react-router';
import { NotBuiltYet } from '../../components/not-built-yet.tsx';

export const botSettingsRoutes: RouteObject[] = [{ path: 'bot-settings', element: <NotBuiltYet title="Bot Settings" /> }];
