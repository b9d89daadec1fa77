import { Fragment, useState } from 'react';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { CORRECTION_QUESTION_PARAM } from '@steward/contract/inform-the-bot';
import { canCreateInformation, type StaffMember } from '@steward/contract/permissions';
import type { RevealedPersonalData } from '@steward/contract/personal-data';
import { BackButton } from '../../../components/back-button.tsx';
import { RevealPersonalData, withRevealed } from '../../../components/reveal-personal-data.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { SanitizedHtml } from '../../../components/sanitized-html.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useChatSession } from '../api/get-chat-session.ts';
import { useSessionNotes } from '../api/get-session-notes.ts';
import { AnswerRatings } from './answer-ratings.tsx';
import { AnswerSources } from './answer-sources.tsx';
import { SessionHelpRequests } from './session-help-requests.tsx';
import { AccountDetails, distinctAccounts } from './account-details.tsx';
import { SourceDocumentLinks } from './source-document-links.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

const SOURCE_DOCUMENTS = 'Source Documents';
const ORIGIN_URL = 'Origin URL';
/** The spec's columns; a phone shows the last two as labels of their cells (data-label, app.css). */
const COLUMNS = ['Sender', 'Message', SOURCE_DOCUMENTS, ORIGIN_URL] as const;

/** Where "Correct this answer" leads: Inform the Bot's add form, as a correction of this question. */
const correctionLink = (question: string): string => `/inform-the-bot?${new URLSearchParams({ [CORRECTION_QUESTION_PARAM]: question }).toString()}`;

/**
 * /history/{sessionId}: the accounts used, the help requests sent, then a User row and a Chatbot row per
 * exchange, each with its time; an answer also shows its ratings and the passages it was built from.
 */
export function ChatSessionDetail({ viewer }: { viewer: StaffMember }) {
  const sessionId = useParams().sessionId ?? '';
  // A failed load shows nothing (spec section 8); the notes are extra and fail as quietly.
  const session = useChatSession(sessionId);
  const notes = useSessionNotes(sessionId);
  const [revealed, setRevealed] = useState<RevealedPersonalData[] | null>(null);
  const rows = (session.data ?? []).map((row) => withRevealed(row, revealed));
  const notesOf = (historyId: number) => notes.data?.exchanges.find((exchange) => exchange.history_id === historyId);

  return (
    <section aria-labelledby="chat-session-title">
      <BackButton fallback="/history" />
      <PageHeader id="chat-session-title" pretitle="Conversations" title="Chat Session" description="Every question and answer of one visitor's conversation, oldest first, with the documents each answer quoted." />
      {session.isPending ? <LoadingPlaceholder /> : null}
      {rows.length > 0 ? <RevealPersonalData viewer={viewer} request={{ kind: 'history', session_id: sessionId }} onRevealed={setRevealed} /> : null}
      {distinctAccounts(rows).map((account, index) => (
        <AccountDetails key={index} account={account} />
      ))}
      <SessionHelpRequests helpRequests={notes.data?.help_requests ?? []} />
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
                  <time dateTime={row.time} className="d-block small text-body-secondary">
                    {formatDateTime(row.time)}
                  </time>
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
                  <AnswerRatings ratings={notesOf(row.id)?.ratings ?? []} />
                  <AnswerSources sources={notesOf(row.id)?.sources ?? []} />
                  {canCreateInformation(viewer) ? (
                    <Link to={correctionLink(row.user_message)} className="btn btn-sm btn-outline-primary mt-2">
                      Correct this answer
                    </Link>
                  ) : null}
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
