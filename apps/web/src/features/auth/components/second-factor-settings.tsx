import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { removeSecondFactorRequest, SECOND_FACTOR_MESSAGES, type SecondFactorEnrolment, type SecondFactorPolicy } from '@steward/contract/second-factor';
import { BackButton } from '../../../components/back-button.tsx';
import { errorMessage } from '../../../components/form/error-message.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PasswordInput } from '../../../components/password-input.tsx';
import {
  useConfirmEnrolment,
  useRemoveSecondFactor,
  useRenewRecoveryCodes,
  useSecondFactorStatus,
  useStartEnrolment,
} from '../api/own-second-factor.ts';
import { EnrolmentPanel } from './enrolment-panel.tsx';
import { PasskeySettings } from './passkey-settings.tsx';
import { RecoveryCodesList } from './recovery-codes-list.tsx';
import { SecondFactorCodeForm } from './second-factor-code-form.tsx';

/**
 * /user-accounts/{id}/second-factor (own account): set up, remove, new recovery codes. Setting one up needs the
 * policy (Sign-in security) to offer or require it; the server refuses it otherwise.
 */
export function SecondFactorSettings({ userId }: { userId: number }) {
  const status = useSecondFactorStatus(userId);
  const [codes, setCodes] = useState<string[]>();
  return (
    <section aria-labelledby="second-factor-title" className="account-form">
      <BackButton fallback={`/user-accounts/${userId}`} />
      <PageHeader id="second-factor-title" pretitle="Administration" title="Second factor" description="A code from an authenticator app on your phone, asked for after your password when you log in." />
      <div className="card card-body mb-3">
        {status.isPending ? <LoadingPlaceholder /> : null}
        {codes ? <RecoveryCodesList codes={codes} /> : null}
        {status.data?.enrolled ? <Enrolled userId={userId} codesLeft={status.data.recovery_codes_left} onCodes={setCodes} /> : null}
        {status.data && !status.data.enrolled ? <NotEnrolled userId={userId} policy={status.data.policy} onCodes={setCodes} /> : null}
      </div>
      {status.data?.passkeys_supported && (status.data.policy !== 'off' || status.data.passkeys > 0) ? <PasskeySettings userId={userId} canAdd={status.data.policy !== 'off'} /> : null}
    </section>
  );
}

function NotEnrolled({ userId, policy, onCodes }: { userId: number; policy: SecondFactorPolicy; onCodes: (codes: string[]) => void }) {
  const start = useStartEnrolment(userId);
  const confirm = useConfirmEnrolment(userId);
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment>();
  if (enrolment) {
    return <EnrolmentPanel enrolment={enrolment} onConfirm={async (code) => onCodes(await confirm.mutateAsync({ code }))} />;
  }
  return (
    <>
      <p>{policy === 'required' ? 'Your administrator requires a second factor: you will be asked to set one up at your next login.' : 'You have no second factor.'}</p>
      {policy === 'off' ? <p>{SECOND_FACTOR_MESSAGES.notOffered}</p> : null}
      <FormAlert error={start.isError ? errorMessage(start.error) : undefined} />
      {policy === 'off' ? null : (
        <div>
          <Button disabled={start.isPending} onClick={() => void start.mutateAsync().then(setEnrolment)}>
            Set up second factor
          </Button>
        </div>
      )}
    </>
  );
}

function Enrolled({ userId, codesLeft, onCodes }: { userId: number; codesLeft: number; onCodes: (codes: string[]) => void }) {
  const renew = useRenewRecoveryCodes(userId);
  return (
    <>
      <p>Your second factor is on. Recovery codes left: {codesLeft}.</p>
      <h2 className="h4 mt-2">New recovery codes</h2>
      <p>The codes you have now stop working.</p>
      <SecondFactorCodeForm id="renew-code" action="Get new recovery codes" onCode={async (code) => onCodes(await renew.mutateAsync({ code }))} />
      <h2 className="h4 mt-4">Remove</h2>
      <RemoveForm userId={userId} />
    </>
  );
}

function RemoveForm({ userId }: { userId: number }) {
  const remove = useRemoveSecondFactor(userId);
  const { register, errors, isSubmitting, submitWith } = useContractForm(removeSecondFactorRequest, { defaultValues: { password: '' }, errorFields: ['password', 'code'] });
  const onSubmit = submitWith(async (request) => {
    await remove.mutateAsync(request);
  });
  return (
    <Form noValidate onSubmit={onSubmit}>
      <FormField id="remove-password" label="Password" error={errors.password?.message} hint="Your password, to confirm it is you." className="mb-3">
        {(control) => <PasswordInput autoComplete="current-password" {...control} {...register('password')} />}
      </FormField>
      <FormAlert error={errors.root?.message ?? errors.code?.message} />
      <SubmitButton busy={isSubmitting}>Remove second factor</SubmitButton>
    </Form>
  );
}
