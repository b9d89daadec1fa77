import type { RouteObject } from 'react-router';
import { canReadDocuments } from '@steward/contract/permissions';
import { PermissionGate } from './gates.tsx';
import { lazyScreen } from './lazy-screen.ts';

const screens = () => import('./documents-screens.tsx');

export const documentsRoutes: RouteObject[] = [
  {
    element: <PermissionGate allows={canReadDocuments} />,
    children: [
      { path: 'documents', handle: { title: 'Documents' }, lazy: lazyScreen(screens, (module) => module.DocumentsRouteScreen) },
      { path: 'documents/page/:page', handle: { title: 'Documents' }, lazy: lazyScreen(screens, (module) => module.DocumentsRouteScreen) },
      { path: 'documents/:id/chunks', handle: { title: 'Passages' }, lazy: lazyScreen(screens, (module) => module.DocumentChunksRouteScreen) },
      { path: 'documents/:id/chunks/page/:page', handle: { title: 'Passages' }, lazy: lazyScreen(screens, (module) => module.DocumentChunksRouteScreen) },
    ],
  },
];
