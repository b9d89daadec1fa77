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
import { PageHeader } from '../../../components/page-header.tsx';

const SOURCE_DOCUMENTS = 'Source Documents';
const ORIGIN_URL = 'Origin URL';
/** The spec's columns; a phone shows the last two as labels of their cells (data-label, app.css). */
const COLUMNS = ['Sender', 'Message', SOURCE_DOCUMENTS, ORIGIN_URL] as const;

/** /history/{sessionId}: the accounts used, then a User row and a Chatbot row per exchange. */
export function ChatSessionDetail() {
  const sessionId = useParams().sessionId ?? '';
  // A failed load shows nothing (spec section 8).
  const session = useChatSession(sessionId);
  const rows = session.data ?? [];

  return (
    <section aria-labelledby="chat-session-title">
      <BackButton fallback="/history" />
      <PageHeader id="chat-session-title" pretitle="Conversations" title="Chat Session" description="Every question and answer of one visitor's conversation, oldest first, with the documents each answer quoted." />
      {session.isPending ? <LoadingPlaceholder /> : null}
      {distinctAccounts(rows).map((account, index) => (
        <AccountDetails key={index} account={account} />
      ))}
      <div className="card">
      <Table bordered responsive className="card-table align-top chat-session-table mb-0" role="table">
        <thead role="rowgroup">
          <tr role="row">
            {COLUMNS.map((column) => (
              <th key={column} scope="col" role="columnheader">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <Fragment key={row.id}>
              <tr role="row">
                <th scope="row" role="rowheader">
                  User
                </th>
                <td role="cell" className="text-break">
                  {row.user_message}
                </td>
                <td role="cell" />
                {/* Left empty without an origin, so a phone leaves the cell out (app.css). */}
                <td role="cell" className="text-break" data-label={ORIGIN_URL}>
                  {row.origin ? <ExternalLink href={row.origin} /> : null}
                </td>
              </tr>
              <tr role="row">
                <th scope="row" role="rowheader">
                  Chatbot
                </th>
                <td role="cell" className="text-break">
                  <SanitizedHtml html={row.api_response} />
                </td>
                <td role="cell" className="text-break" data-label={SOURCE_DOCUMENTS}>
                  <SourceDocumentLinks docs={row.source_docs} />
                </td>
                <td role="cell" />
              </tr>
            </Fragment>
          ))}
        </tbody>
      </Table>
      </div>
    </section>
  );
}
