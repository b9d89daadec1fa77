import { useParams, useSearchParams } from 'react-router';
import { useSignedInUser } from '../../features/auth/api/get-current-user.ts';
import { DocumentChunksScreen } from '../../features/documents/components/document-chunks-screen.tsx';
import { DocumentsScreen } from '../../features/documents/components/documents-screen.tsx';
import { pageIndexFromRoute } from '../../lib/page-param.ts';

export function DocumentsRouteScreen() {
  const viewer = useSignedInUser();
  const { page } = useParams();
  return <DocumentsScreen pageIndex={pageIndexFromRoute(page)} viewer={viewer} />;
}

/** /documents/{id}/chunks[/page/{page}][?search=]: an id that is not one is asked for as it is, and the server's 400 shows. */
export function DocumentChunksRouteScreen() {
  const viewer = useSignedInUser();
  const { id, page } = useParams();
  const [query] = useSearchParams();
  const documentId = Number(id);
  return <DocumentChunksScreen key={documentId} documentId={documentId} pageIndex={pageIndexFromRoute(page)} search={query.get('search') ?? ''} viewer={viewer} />;
}
