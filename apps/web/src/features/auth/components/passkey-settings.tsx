import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PASSKEY_RENAME_TEXTS, type Passkey, renamePasskeyRequest } from '@steward/contract/passkeys';
import { removeSecondFactorRequest } from '@steward/contract/second-factor';
import { errorMessage } from '../../../components/form/error-message.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { PasswordInput } from '../../../components/password-input.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { useAddPasskey, useOwnPasskeys, useRemovePasskey, useRenamePasskey } from '../api/passkeys.ts';

/**
 * Passkeys on one's own Second factor page: the list (each named), adding one on this device, renaming one, removing
 * one after the password. Shown only while the policy offers second factors or the member has a passkey (the server says).
 */
export function PasskeySettings({ userId, canAdd }: { userId: number; canAdd: boolean }) {
  const passkeys = useOwnPasskeys(userId);
  return (
    <section aria-labelledby="passkeys-title" className="card card-body mb-3">
      <h2 id="passkeys-title" className="h4">
        Passkeys
      </h2>
      <p>Sign in with your fingerprint, face or device PIN instead of a code, or without your password.</p>
      {passkeys.isPending ? <LoadingPlaceholder /> : null}
      <FormAlert error={passkeys.isError ? errorMessage(passkeys.error) : undefined} />
      {passkeys.data?.length === 0 ? <p>You have no passkeys.</p> : null}
      {passkeys.data && passkeys.data.length > 0 ? (
        <ul className="list-unstyled mb-3" aria-label="Your passkeys">
          {passkeys.data.map((passkey) => (
            <PasskeyItem key={passkey.id} userId={userId} passkey={passkey} />
          ))}
        </ul>
      ) : null}
      {canAdd ? <AddPasskeyForm userId={userId} /> : null}
    </section>
  );
}

function PasskeyItem({ userId, passkey }: { userId: number; passkey: Passkey }) {
  const [open, setOpen] = useState<'rename' | 'remove'>();
  const [renamed, setRenamed] = useState<string>();
  const removing = open === 'remove';
  return (
    <li className="border-bottom py-2">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="me-auto">
          <strong>{passkey.name}</strong>
          <div className="text-body-secondary small">
            Added {formatLongDate(passkey.created_at)}
            {passkey.last_used_at ? `, last used ${formatLongDate(passkey.last_used_at)}` : ', never used'}
            {passkey.synced ? ' · synced' : ''}
          </div>
        </div>
        {open ? null : (
          <>
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => {
                setRenamed(undefined);
                setOpen('rename');
              }}
              aria-label={PASSKEY_RENAME_TEXTS.actionLabel(passkey.name)}
            >
              {PASSKEY_RENAME_TEXTS.action}
            </Button>
            <Button variant="outline-danger" size="sm" onClick={() => setOpen('remove')} aria-label={`Remove ${passkey.name}`}>
              Remove
            </Button>
          </>
        )}
      </div>
      {renamed && !open ? <FormAlert success={renamed} /> : null}
      {open === 'rename' ? (
        <RenamePasskeyForm
          userId={userId}
          passkey={passkey}
          onCancel={() => setOpen(undefined)}
          onRenamed={(name) => {
            setRenamed(PASSKEY_RENAME_TEXTS.renamed(name));
            setOpen(undefined);
          }}
        />
      ) : null}
      {removing ? <RemovePasskeyForm userId={userId} passkey={passkey} onCancel={() => setOpen(undefined)} /> : null}
    </li>
  );
}

function RenamePasskeyForm({ userId, passkey, onCancel, onRenamed }: { userId: number; passkey: Passkey; onCancel: () => void; onRenamed: (name: string) => void }) {
  const rename = useRenamePasskey(userId, passkey.id);
  const { register, errors, isSubmitting, submitWith } = useContractForm(renamePasskeyRequest, { defaultValues: { name: passkey.name }, errorFields: ['name'] });
  const onSubmit = submitWith(async (request) => {
    await rename.mutateAsync(request);
    onRenamed(request.name);
  });
  return (
    <Form noValidate onSubmit={onSubmit} className="mt-2">
      <FormField id={`rename-passkey-${passkey.id}-name`} label={PASSKEY_RENAME_TEXTS.nameLabel} error={errors.name?.message} className="mb-2">
        {(control) => <Form.Control type="text" autoComplete="off" {...control} {...register('name')} />}
      </FormField>
      <FormAlert error={errors.root?.message} />
      <div className="d-flex gap-2">
        <SubmitButton busy={isSubmitting}>{PASSKEY_RENAME_TEXTS.save}</SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function RemovePasskeyForm({ userId, passkey, onCancel }: { userId: number; passkey: Passkey; onCancel: () => void }) {
  const remove = useRemovePasskey(userId, passkey.id);
  const { register, errors, isSubmitting, submitWith } = useContractForm(removeSecondFactorRequest, { defaultValues: { password: '' }, errorFields: ['password'] });
  const onSubmit = submitWith(async (request) => {
    await remove.mutateAsync(request);
  });
  const fieldId = `remove-passkey-${passkey.id}-password`;
  return (
    <Form noValidate onSubmit={onSubmit} className="mt-2">
      <FormField id={fieldId} label="Password" error={errors.password?.message} hint={`Your password, to remove ${passkey.name}.`} className="mb-2">
        {(control) => <PasswordInput autoComplete="current-password" {...control} {...register('password')} />}
      </FormField>
      <FormAlert error={errors.root?.message} />
      <div className="d-flex gap-2">
        <SubmitButton busy={isSubmitting}>Remove passkey</SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function AddPasskeyForm({ userId }: { userId: number }) {
  const add = useAddPasskey(userId);
  const [added, setAdded] = useState<string>();
  const { register, errors, isSubmitting, submitWith, reset } = useContractForm(renamePasskeyRequest, { defaultValues: { name: '' }, errorFields: ['name'] });
  const onSubmit = submitWith(async ({ name }) => {
    setAdded(undefined);
    await add.mutateAsync({ name });
    setAdded(`The passkey ${name} was added.`);
    reset();
  });
  return (
    <Form noValidate onSubmit={onSubmit}>
      <h3 className="h5">Add a passkey</h3>
      <FormField id="passkey-name" label="Name" error={errors.name?.message} hint="So you can tell your passkeys apart: “Work laptop”, “Phone”." className="mb-3">
        {(control) => <Form.Control type="text" autoComplete="off" {...control} {...register('name')} />}
      </FormField>
      <FormAlert error={errors.root?.message} success={added} />
      <SubmitButton busy={isSubmitting}>Add a passkey</SubmitButton>
    </Form>
  );
}
