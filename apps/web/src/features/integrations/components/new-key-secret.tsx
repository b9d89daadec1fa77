import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { type CreatedIntegrationKeyRow, INTEGRATION_KEY_MESSAGES } from '@steward/contract/integration-keys';
import { CopyableCode } from '../../../components/copyable-code.tsx';

/** The key just made, whole, with a Copy button: shown until "Done", never again (the server keeps only its hash). */
export function NewKeySecret({ created, onDone }: { created: CreatedIntegrationKeyRow; onDone: () => void }) {
  return (
    <Alert variant="success" className="mb-4" data-testid="new-integration-key">
      <p className="mb-2" role="status">
        <strong>{created.name}</strong>: {INTEGRATION_KEY_MESSAGES.created}
      </p>
      <CopyableCode code={created.key} label={`Copy the key ${created.name}`} />
      <p className="small mt-2 mb-2">
        Send it as <code>Authorization: Bearer &lt;key&gt;</code> to the bot API.
      </p>
      <Button variant="outline-secondary" size="sm" onClick={onDone}>
        Done
      </Button>
    </Alert>
  );
}
