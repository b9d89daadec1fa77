import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { HistoryRow } from '@steward/contract/history';
import { SanitizedHtml } from '../../../components/sanitized-html.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';

/** The chat the visitor had before asking for help: each question and the bot's answer, oldest first. */
export function HelpRequestTranscript({ transcript }: { transcript: readonly HistoryRow[] }) {
  const sessionId = transcript[0]?.session_id;
  return (
    <Card className="mt-3">
      <Card.Header className="d-flex justify-content-between align-items-center flex-wrap gap-2">
        <h2 className="card-title mb-0" id="help-request-transcript-title">
          Chat before the request
        </h2>
        {sessionId ? <Link to={`/history/${encodeURIComponent(sessionId)}`}>Open the chat session</Link> : null}
      </Card.Header>
      <Card.Body>
        {transcript.length === 0 ? (
          <p className="text-body-secondary mb-0">The visitor sent this request without a chat before it.</p>
        ) : (
          <ol className="list-unstyled mb-0 help-request-transcript" aria-labelledby="help-request-transcript-title">
            {transcript.map((row) => (
              <li key={row.id} className="border-bottom py-2">
                <p className="mb-1">
                  <strong>Visitor</strong> <time dateTime={row.time} className="small text-body-secondary">{formatDateTime(row.time)}</time>
                </p>
                <p className="mb-2 text-break" style={{ whiteSpace: 'pre-wrap' }}>{row.user_message}</p>
                <p className="mb-1">
                  <strong>Chatbot</strong>
                </p>
                <div className="text-break">
                  <SanitizedHtml html={row.api_response} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card.Body>
    </Card>
  );
}
