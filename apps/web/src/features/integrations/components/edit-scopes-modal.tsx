import { useId } from 'react';
import { type IntegrationKeyRow, integrationKeyScopesRequest } from '@steward/contract/integration-keys';
import { FormModal } from '../../../components/form/form-modal.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { useChangeIntegrationKeyScopes } from '../api/integration-keys.ts';
import { ScopeCheckboxes } from './scope-checkboxes.tsx';

/** "Edit scopes" of one key: held from its next call. */
export function EditScopesModal({ integrationKey, onClose }: { integrationKey: IntegrationKeyRow; onClose: () => void }) {
  const titleId = useId();
  const change = useChangeIntegrationKeyScopes();
  const { register, errors, isSubmitting, submitWith } = useContractForm(integrationKeyScopesRequest, {
    defaultValues: { scopes: integrationKey.scopes },
    errorsUnder: 'scopes',
  });
  const onSubmit = submitWith(async ({ scopes }) => {
    await change.mutateAsync({ id: integrationKey.id, scopes });
    onClose();
  });
  return (
    <FormModal titleId={titleId} title={`Scopes of ${integrationKey.name}`} busy={isSubmitting} onSubmit={onSubmit} onClose={onClose}>
      <ScopeCheckboxes idPrefix={`key-${integrationKey.id}-scope`} registration={register('scopes')} error={errors.scopes?.message} />
    </FormModal>
  );
}
