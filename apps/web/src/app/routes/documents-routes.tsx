import type { RouteObject } from 'react-router';
import { canReadDocuments } from '@steward/contract/permissions';
import { NotBuiltYet } from '../../components/not-built-yet.tsx';
import { PermissionGate } from './gates.tsx';

export const documentsRoutes: RouteObject[] = [
  {
    element: <PermissionGate allows={canReadDocuments} />,
    children: [
      { path: 'documents', element: <NotBuiltYet title="Documents" /> },
      { path: 'documents/page/:page', element: <NotBuiltYet title="Documents" /> },
    ],
  },
];
