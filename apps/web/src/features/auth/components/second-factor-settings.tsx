import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { removeSecondFactorRequest, type SecondFactorEnrolment } from '@steward/contract/second-factor';
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
  useSecondFactorPolicy,
  useSecondFactorStatus,
  useSetSecondFactorPolicy,
  useStartEnrolment,
} from '../api/own-second-factor.ts';
import { EnrolmentPanel } from './enrolment-panel.tsx';
import { RecoveryCodesList } from './recovery-codes-list.tsx';
import { SecondFactorCodeForm } from './second-factor-code-form.tsx';

interface SecondFactorSettingsProps {
  userId: number;
  /** Administrators also see the switch that requires a second factor of everyone (canSetSecondFactorPolicy). */
  canSetPolicy: boolean;
}

/** /user-accounts/{id}/second-factor (own account): set up, remove, new recovery codes; the requirement for administrators. */
export function SecondFactorSettings({ userId, canSetPolicy }: SecondFactorSettingsProps) {
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
        {status.data && !status.data.enrolled ? <NotEnrolled userId={userId} required={status.data.required} onCodes={setCodes} /> : null}
      </div>
      {canSetPolicy ? <PolicySwitch /> : null}
    </section>
  );
}

function NotEnrolled({ userId, required, onCodes }: { userId: number; required: boolean; onCodes: (codes: string[]) => void }) {
  const start = useStartEnrolment(userId);
  const confirm = useConfirmEnrolment(userId);
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment>();
  if (enrolment) {
    return <EnrolmentPanel enrolment={enrolment} onConfirm={async (code) => onCodes(await confirm.mutateAsync({ code }))} />;
  }
  return (
    <>
      <p>{required ? 'Your administrator requires a second factor: you will be asked to set one up at your next login.' : 'You have no second factor.'}</p>
      <FormAlert error={start.isError ? errorMessage(start.error) : undefined} />
      <div>
        <Button disabled={start.isPending} onClick={() => void start.mutateAsync().then(setEnrolment)}>
          Set up second factor
        </Button>
      </div>
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

function PolicySwitch() {
  const policy = useSecondFactorPolicy(true);
  const setPolicy = useSetSecondFactorPolicy();
  return (
    <div className="card card-body">
      <Form.Check
        type="switch"
        id="require-second-factor"
        label="Require a second factor of every staff member who logs in with a password"
        checked={policy.data?.require_second_factor ?? false}
        disabled={!policy.data || setPolicy.isPending}
        onChange={(event) => void setPolicy.mutateAsync(event.currentTarget.checked)}
      />
      <FormAlert error={setPolicy.isError ? errorMessage(setPolicy.error) : undefined} below />
    </div>
  );
}
