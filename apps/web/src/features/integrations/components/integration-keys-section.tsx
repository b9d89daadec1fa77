import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { type CreatedIntegrationKeyRow, INTEGRATION_KEY_MESSAGES, type IntegrationKeyRow } from '@steward/contract/integration-keys';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { ListStatus } from '../../../components/list-status.tsx';
import { useIntegrationKeys, useRevokeIntegrationKey } from '../api/integration-keys.ts';
import { CreateKeyForm } from './create-key-form.tsx';
import { EditScopesModal } from './edit-scopes-modal.tsx';
import { IntegrationKeyItem } from './integration-key-item.tsx';
import { NewKeySecret } from './new-key-secret.tsx';

/** Integrations' first section: the keys of the bot API (docs/integrations.md). */
export function IntegrationKeysSection() {
  const keys = useIntegrationKeys();
  const revoke = useRevokeIntegrationKey();
  const [created, setCreated] = useState<CreatedIntegrationKeyRow>();
  const [editing, setEditing] = useState<IntegrationKeyRow>();
  const [revoking, setRevoking] = useState<IntegrationKeyRow>();
  const rows = keys.data ?? [];
  const now = new Date();
  return (
    <section aria-labelledby="integration-keys-title" className="mb-4">
      <h2 id="integration-keys-title">Integration keys</h2>
      <p className="text-secondary">
        Keys for the bot API and the read-only exports, one per integration, each allowed only what it needs. A key is shown once,
        when it is made; revoking it refuses its next call. To rotate one, create the new key, switch the integration to it, then
        revoke the old one. <code>BOT_API_KEY</code>, if the server has one, keeps working beside them for the bot API.
      </p>
      {created ? <NewKeySecret created={created} onDone={() => setCreated(undefined)} /> : null}
      <CreateKeyForm onCreated={setCreated} />
      <Card>
        <Card.Header>
          <h3 className="card-title mb-0">Keys</h3>
        </Card.Header>
        <ListStatus loading={keys.isPending} empty={keys.isSuccess && rows.length === 0} emptyText={INTEGRATION_KEY_MESSAGES.empty} emptyHint="Create a key above for each integration that calls the bot API." />
        {rows.length > 0 ? (
          <ul className="list-group list-group-flush" aria-label="Integration keys">
            {rows.map((key) => (
              <IntegrationKeyItem key={key.id} integrationKey={key} now={now} onEditScopes={() => setEditing(key)} onRevoke={() => setRevoking(key)} />
            ))}
          </ul>
        ) : null}
      </Card>
      {editing ? <EditScopesModal integrationKey={editing} onClose={() => setEditing(undefined)} /> : null}
      <ConfirmModal
        show={revoking !== undefined}
        type="delete"
        message={INTEGRATION_KEY_MESSAGES.confirmRevoke}
        confirmLabel="Revoke"
        successMessage={INTEGRATION_KEY_MESSAGES.revoked}
        onConfirm={async () => {
          if (revoking) await revoke.mutateAsync(revoking.id);
        }}
        onClose={() => setRevoking(undefined)}
      />
    </section>
  );
}
