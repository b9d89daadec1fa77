import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '@steward/contract/auth';
import { PASSKEY_ENROLMENT_TEXTS, renamePasskeyRequest } from '@steward/contract/passkeys';
import type { SecondFactorEnrolment } from '@steward/contract/second-factor';
import { errorMessage } from '../../../components/form/error-message.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { currentUserQueryKey } from '../api/get-current-user.ts';
import { useEnrolPasskeyAndSignIn, usePasskeySecondStep, usePasskeySignInAvailable } from '../api/passkeys.ts';
import { useEnrolAndSignIn, usePendingSignIn, useSecondFactorSignIn, useStartSignInEnrolment } from '../api/second-factor-sign-in.ts';
import { EnrolmentPanel } from './enrolment-panel.tsx';
import { RecoveryCodesList } from './recovery-codes-list.tsx';
import { SecondFactorCodeForm } from './second-factor-code-form.tsx';
import { useQueryClient } from '@tanstack/react-query';

/**
 * /sign-in/second-factor: after the login form's password was right. A code from the authenticator app (or a
 * recovery code), or, when an administrator requires a second factor the member does not have yet, setting one up.
 */
export function SecondFactorStep() {
  const pending = usePendingSignIn();
  return (
    <section aria-labelledby="second-factor-title">
      <h1 id="second-factor-title" className="h2 mb-4">
        Two-step verification
      </h1>
      {pending.isPending ? <LoadingPlaceholder /> : null}
      {pending.isError ? (
        <>
          <FormAlert error={errorMessage(pending.error)} />
          <Link to="/">Back to Login</Link>
        </>
      ) : null}
      {pending.data?.step === 'code' ? <CodeStep totp={pending.data.totp} passkey={pending.data.passkey} /> : null}
      {pending.data?.step === 'enrol' ? <EnrolStep /> : null}
    </section>
  );
}

/** A code from the app (when the member has one), a passkey (when they have one), or either. */
function CodeStep({ totp, passkey }: { totp: boolean; passkey: boolean }) {
  const navigate = useNavigate();
  const signIn = useSecondFactorSignIn();
  return (
    <>
      {passkey ? <PasskeySecondStep /> : null}
      {totp && passkey ? <p className="mt-3">Or enter the code from your authenticator app.</p> : null}
      {totp && !passkey ? <p>Enter the code from your authenticator app.</p> : null}
      {totp ? (
        <SecondFactorCodeForm
          id="second-factor-code"
          action="Verify"
          hint="Lost your phone? Enter one of your recovery codes instead."
          onCode={async (code) => {
            await signIn.mutateAsync({ code });
            await navigate('/home', { replace: true });
          }}
        />
      ) : null}
      <p className="mt-3 mb-0">
        <Link to="/">Back to Login</Link>
      </p>
    </>
  );
}

function PasskeySecondStep() {
  const navigate = useNavigate();
  const signIn = usePasskeySecondStep();
  return (
    <>
      <p>Use your passkey to finish logging in.</p>
      <FormAlert error={signIn.isError ? errorMessage(signIn.error) : undefined} />
      <Button disabled={signIn.isPending} onClick={() => void signIn.mutateAsync().then(() => navigate('/home', { replace: true }), () => undefined)}>
        Use a passkey
      </Button>
    </>
  );
}

function EnrolStep() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const start = useStartSignInEnrolment();
  const enrol = useEnrolAndSignIn();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment>();
  const [done, setDone] = useState<{ user: CurrentUser; codes: string[] }>();
  if (done) {
    return (
      <>
        <p>Your second factor is set up.</p>
        <RecoveryCodesList codes={done.codes} />
        <Button
          onClick={() => {
            queryClient.setQueryData(currentUserQueryKey, done.user);
            void navigate('/home', { replace: true });
          }}
        >
          Continue
        </Button>
      </>
    );
  }
  if (!enrolment) {
    return (
      <>
        <p>Your administrator requires a second factor. Set one up with an authenticator app on your phone to finish logging in.</p>
        <FormAlert error={start.isError ? errorMessage(start.error) : undefined} />
        <Button disabled={start.isPending} onClick={() => void start.mutateAsync().then(setEnrolment)}>
          Set up
        </Button>
        <EnrolPasskey />
      </>
    );
  }
  return (
    <EnrolmentPanel
      enrolment={enrolment}
      onConfirm={async (code) => {
        const row = await enrol.mutateAsync({ code });
        if (!row) return;
        const { recovery_codes: codes, ...user } = row;
        setDone({ user, codes });
      }}
    />
  );
}

/** Beside the authenticator app: a passkey on this device, when the server can offer passkeys (PUBLIC_URL). */
function EnrolPasskey() {
  const available = usePasskeySignInAvailable();
  const navigate = useNavigate();
  const enrol = useEnrolPasskeyAndSignIn();
  const { register, errors, isSubmitting, submitWith } = useContractForm(renamePasskeyRequest, { defaultValues: { name: '' }, errorFields: ['name'] });
  const onSubmit = submitWith(async ({ name }) => {
    await enrol.mutateAsync({ name });
    await navigate('/home', { replace: true });
  });
  if (available.data !== true) return null;
  return (
    <section aria-labelledby="enrol-passkey-title" className="mt-4">
      <h2 id="enrol-passkey-title" className="h5">
        {PASSKEY_ENROLMENT_TEXTS.heading}
      </h2>
      <p>{PASSKEY_ENROLMENT_TEXTS.intro}</p>
      <Form noValidate onSubmit={onSubmit}>
        <FormField id="enrol-passkey-name" label="Name" error={errors.name?.message} hint={PASSKEY_ENROLMENT_TEXTS.nameHint} className="mb-3">
          {(control) => <Form.Control type="text" autoComplete="off" {...control} {...register('name')} />}
        </FormField>
        <FormAlert error={errors.root?.message} />
        <SubmitButton busy={isSubmitting}>{PASSKEY_ENROLMENT_TEXTS.action}</SubmitButton>
      </Form>
    </section>
  );
}
