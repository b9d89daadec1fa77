import type { RouteObject } from 'react-router';
import { NotBuiltYet } from '../../components/not-built-yet.tsx';
import { CapabilityGate } from './gates.tsx';

export const documentsRoutes: RouteObject[] = [
  {
    element: <CapabilityGate capability="read_documents" />,
    children: [
      { path: 'documents', element: <NotBuiltYet title="Documents" /> },
      { path: 'documents/page/:page', element: <NotBuiltYet title="Documents" /> },
    ],
  },
];
