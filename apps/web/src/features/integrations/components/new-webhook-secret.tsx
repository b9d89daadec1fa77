import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { WebhookEndpointWithSecret } from '@steward/contract/webhooks';
import { CopyableCode } from '../../../components/copyable-code.tsx';

/** An endpoint's signing secret just made (added or rotated), with Copy: shown until "Done", never again. */
export function NewWebhookSecret({ endpoint, message, onDone }: { endpoint: WebhookEndpointWithSecret; message: string; onDone: () => void }) {
  return (
    <Alert variant="success" className="mb-4" data-testid="new-webhook-secret">
      <p className="mb-2" role="status">
        <strong>{endpoint.url}</strong>: {message}
      </p>
      <CopyableCode code={endpoint.secret} label={`Copy the signing secret of ${endpoint.url}`} />
      <p className="small mt-2 mb-2">
        Verify the <code>webhook-signature</code> header with it, as the Standard Webhooks specification says.
      </p>
      <Button variant="outline-secondary" size="sm" onClick={onDone}>
        Done
      </Button>
    </Alert>
  );
}
