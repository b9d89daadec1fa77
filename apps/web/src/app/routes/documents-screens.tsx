import { useParams } from 'react-router';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { DocumentsScreen } from '../../features/documents/components/documents-screen.tsx';
import { pageIndexFromRoute } from '../../lib/page-param.ts';

export function DocumentsRouteScreen() {
  const viewer = useSignedInUser();
  const { page } = useParams();
  return <DocumentsScreen pageIndex={pageIndexFromRoute(page)} viewer={viewer} />;
}
