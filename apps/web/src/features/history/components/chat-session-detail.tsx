import { Fragment } from 'react';
import Table from 'react-bootstrap/Table';
import { useParams } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { SanitizedHtml } from '../../../components/sanitized-html.tsx';
import { useChatSession } from '../api/get-chat-session.ts';
import { AccountDetails, distinctAccounts } from './account-details.tsx';
import { SourceDocumentLinks } from './source-document-links.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';

/** /history/{sessionId}: the accounts used, then a User row and a Chatbot row per exchange. */
export function ChatSessionDetail() {
  const sessionId = useParams().sessionId ?? '';
  // A failed load shows nothing (spec section 8).
  const session = useChatSession(sessionId);
  const rows = session.data ?? [];

  return (
    <section aria-labelledby="chat-session-title">
      <BackButton fallback="/history" />
      <h1 id="chat-session-title" className="h3 mb-3">
        Chat Session
      </h1>
      {session.isPending ? <LoadingPlaceholder /> : null}
      {distinctAccounts(rows).map((account, index) => (
        <AccountDetails key={index} account={account} />
      ))}
      <Table bordered responsive className="align-top">
        <thead>
          <tr>
            <th scope="col">Sender</th>
            <th scope="col">Message</th>
            <th scope="col">Source Documents</th>
            <th scope="col">Origin URL</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.id}>
              <tr>
                <th scope="row">User</th>
                <td className="text-break">{row.user_message}</td>
                <td />
                <td className="text-break">
                  <ExternalLink href={row.origin} />
                </td>
              </tr>
              <tr>
                <th scope="row">Chatbot</th>
                <td className="text-break">
                  <SanitizedHtml html={row.api_response} />
                </td>
                <td className="text-break">
                  <SourceDocumentLinks docs={row.source_docs} />
                </td>
                <td />
              </tr>
            </Fragment>
          ))}
        </tbody>
      </Table>
    </section>
  );
}
