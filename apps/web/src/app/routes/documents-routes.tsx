import { useParams, type RouteObject } from 'react-router';
import { canReadDocuments } from '@steward/contract/permissions';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { DocumentsScreen } from '../../features/documents/components/documents-screen.tsx';
import { pageIndexFromRoute } from '../../lib/page-param.ts';
import { PermissionGate } from './gates.tsx';

function DocumentsRouteScreen() {
  const viewer = useSignedInUser();
  const { page } = useParams();
  return <DocumentsScreen pageIndex={pageIndexFromRoute(page)} viewer={viewer} />;
}

export const documentsRoutes: RouteObject[] = [
  {
    element: <PermissionGate allows={canReadDocuments} />,
    children: [
      { path: 'documents', handle: { title: 'Documents' }, element: <DocumentsRouteScreen /> },
      { path: 'documents/page/:page', handle: { title: 'Documents' }, element: <DocumentsRouteScreen /> },
    ],
  },
];
