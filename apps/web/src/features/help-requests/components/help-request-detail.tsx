import { type ReactNode, useState } from 'react';
import Card from 'react-bootstrap/Card';
import type { CurrentUser } from '@steward/contract/auth';
import type { HelpRequest } from '@steward/contract/help-requests';
import { canUpdateHelpRequestStatus } from '@steward/contract/permissions';
import type { RevealedPersonalData } from '@steward/contract/personal-data';
import { BackButton } from '../../../components/back-button.tsx';
import { RevealPersonalData, withRevealed } from '../../../components/reveal-personal-data.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useHelpRequest } from '../api/get-help-request.ts';
import { useHelpRequestThread } from '../api/get-help-request-thread.ts';
import { HelpRequestReplies } from './help-request-replies.tsx';
import { HelpRequestTranscript } from './help-request-transcript.tsx';
import { HelpRequestStatusAction } from './help-request-status-action.tsx';
import { HelpRequestStatusBadge } from './help-request-status-badge.tsx';
import { ExternalLink } from '../../../components/external-link.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "United Kingdom (GB)" for a stored code; "Unknown" when the bot and the GeoIP lookup had none. */
export function countryLabel(code: string): string {
  if (!code) return 'Unknown';
  try {
    const name = regionNames.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/**
 * Help request detail: every field of the spec, and the resolve / reopen action for those allowed; then the
 * chat it came from and the replies mailed to the visitor (who may change the status may reply).
 */
export function HelpRequestDetail({ id, viewer }: { id: number; viewer: CurrentUser }) {
  const { data: masked, error, isPending } = useHelpRequest(id);
  const [revealed, setRevealed] = useState<RevealedPersonalData[] | null>(null);
  const helpRequest = masked ? withRevealed(masked, revealed) : masked;
  const thread = useHelpRequestThread(id);
  return (
    <section aria-labelledby="help-request-title">
      <BackButton fallback="/help-requests" />
      <PageHeader id="help-request-title" pretitle="Conversations" title="Help Request" description="A visitor who asked your team to answer them directly." />
      {isPending ? <LoadingPlaceholder /> : null}
      {error && !helpRequest ? (
        <p className="text-danger" role="alert">
          {error.message}
        </p>
      ) : null}
      {helpRequest ? (
        <Card body>
          <RevealPersonalData viewer={viewer} request={{ kind: 'help_request', id: helpRequest.id }} onRevealed={setRevealed} />
          <HelpRequestFields helpRequest={helpRequest} />
          {canUpdateHelpRequestStatus(viewer) ? <HelpRequestStatusAction helpRequest={helpRequest} /> : null}
        </Card>
      ) : null}
      {helpRequest && thread.data ? (
        <>
          <HelpRequestReplies helpRequest={helpRequest} replies={thread.data.replies} canReply={canUpdateHelpRequestStatus(viewer)} />
          <HelpRequestTranscript transcript={thread.data.transcript} />
        </>
      ) : null}
    </section>
  );
}

function HelpRequestFields({ helpRequest }: { helpRequest: HelpRequest }) {
  const fields: [string, ReactNode][] = [
    ['Status', <HelpRequestStatusBadge key="status" status={helpRequest.status} />],
    ['ID', helpRequest.id],
    ['User IP', helpRequest.user_ip || 'Unknown'],
    ['Country', countryLabel(helpRequest.country)],
    ['Time', formatDateTime(helpRequest.time)],
    ['Name', helpRequest.name],
    ['Email Address', helpRequest.email],
    ['User Message', <span key="message" style={{ whiteSpace: 'pre-wrap' }}>
        {helpRequest.message}
      </span>],
    [
      'Origin URL',
      helpRequest.origin_url ? (
        <ExternalLink key="origin" href={helpRequest.origin_url} />
      ) : (
        <span key="origin" className="text-body-secondary">
          n/a
        </span>
      ),
    ],
  ];
  return (
    <dl className="row mb-0">
      {fields.map(([label, value]) => (
        <div className="col-12 d-flex flex-column flex-md-row border-bottom py-2" key={label}>
          <dt className="col-md-3 fw-semibold">{label}</dt>
          <dd className="col-md-9 mb-0 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
