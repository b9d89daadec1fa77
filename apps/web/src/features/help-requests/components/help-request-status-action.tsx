import { IconArrowBackUp, IconCircleCheck } from '../../../components/icons.tsx';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { actionFor, HELP_REQUEST_MESSAGES, type HelpRequest } from '@steward/contract/help-requests';
import { useChangeHelpRequestStatus } from '../api/change-help-request-status.ts';

/** "Mark as Resolved" for a pending request, "Reopen Request" otherwise; the server's refusal is shown as-is. */
export function HelpRequestStatusAction({ helpRequest }: { helpRequest: HelpRequest }) {
  const change = useChangeHelpRequestStatus();
  const [success, setSuccess] = useState<string>();
  const { action, label } = actionFor(helpRequest.status);

  const run = () => {
    setSuccess(undefined);
    change.mutate(
      { id: helpRequest.id, action },
      { onSuccess: () => setSuccess(action === 'resolve' ? HELP_REQUEST_MESSAGES.resolved : HELP_REQUEST_MESSAGES.reopened) },
    );
  };

  return (
    <div className="mt-4">
      <Button variant={action === 'resolve' ? 'success' : 'outline-primary'} onClick={run} disabled={change.isPending}>
        {action === 'resolve' ? <IconCircleCheck className="me-1" size={16} /> : <IconArrowBackUp className="me-1" size={16} />}
        {label}
      </Button>
      {success ? (
        <Alert variant="success" className="mt-3 mb-0" role="status">
          {success}
        </Alert>
      ) : null}
      {change.error ? (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {change.error.message}
        </Alert>
      ) : null}
    </div>
  );
}
