import Button from 'react-bootstrap/Button';
import { WEBHOOK_MESSAGES, type WebhookEndpointRow, type WebhookTestMessageResult } from '@steward/contract/webhooks';
import { errorMessage } from '../../../components/form/error-message.ts';
import { useSendWebhookTestMessage } from '../api/webhooks.ts';

const outcomeText = (result: WebhookTestMessageResult): string => {
  if (result.sent) return `${WEBHOOK_MESSAGES.testMessageSent} ${String(result.status_code)}.`;
  const answer = result.status_code === null ? '' : `HTTP ${result.status_code}`;
  const why = [answer, result.error].filter(Boolean).join(', ');
  return `${WEBHOOK_MESSAGES.testMessageFailed} ${why.endsWith('.') ? why : `${why}.`}`;
};

/** "Send a test message" for a Slack or Teams endpoint, and what came of it (the receiver's status, or the error). */
export function WebhookTestMessage({ endpoint }: { endpoint: WebhookEndpointRow }) {
  const send = useSendWebhookTestMessage();
  const resultId = `webhook-${endpoint.id}-test-result`;
  return (
    <div className="mb-2">
      <Button variant="outline-primary" size="sm" disabled={send.isPending} aria-describedby={resultId} onClick={() => send.mutate(endpoint.id)}>
        {send.isPending ? 'Sending...' : 'Send a test message'}
      </Button>
      <p id={resultId} role="status" className={`small mt-1 mb-0 ${send.data?.sent ? 'text-success-emphasis' : 'text-danger-emphasis'}`}>
        {send.data ? outcomeText(send.data) : send.error ? errorMessage(send.error) : null}
      </p>
    </div>
  );
}
