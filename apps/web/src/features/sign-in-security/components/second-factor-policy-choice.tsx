import Form from 'react-bootstrap/Form';
import { SECOND_FACTOR_POLICIES, type SecondFactorPolicy } from '@steward/contract/second-factor';
import { errorMessage } from '../../../components/form/error-message.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { useSecondFactorPolicy, useSetSecondFactorPolicy } from '../api/sign-in-security.ts';

const CHOICES: Record<SecondFactorPolicy, { label: string; hint: string }> = {
  off: { label: 'Off', hint: 'Nobody is offered a second factor. Staff who already have one are still asked for it.' },
  offered: { label: 'Offered', hint: 'Staff may set one up from their account page (User Accounts, their own account, Second Factor).' },
  required: { label: 'Required', hint: 'Staff who log in with a password and have none set one up at their next login.' },
};

/** The second factor's policy: three radios, each saved when chosen. */
export function SecondFactorPolicyChoice() {
  const policy = useSecondFactorPolicy();
  const setPolicy = useSetSecondFactorPolicy();
  return (
    <div className="card card-body mb-3">
      <h2 className="h4" id="second-factor-policy-title">Second factor</h2>
      <p>A code from an authenticator app, asked for after the password at login.</p>
      {policy.isPending ? <LoadingPlaceholder /> : null}
      {policy.data ? (
        <div role="radiogroup" aria-labelledby="second-factor-policy-title">
          {SECOND_FACTOR_POLICIES.map((choice) => (
            <Form.Check
              key={choice}
              type="radio"
              id={`second-factor-policy-${choice}`}
              name="second-factor-policy"
              className="mb-2"
              label={
                <>
                  <strong>{CHOICES[choice].label}</strong>
                  <span className="d-block text-secondary">{CHOICES[choice].hint}</span>
                </>
              }
              checked={policy.data === choice}
              disabled={setPolicy.isPending}
              onChange={() => void setPolicy.mutateAsync(choice)}
            />
          ))}
        </div>
      ) : null}
      <FormAlert error={setPolicy.isError ? errorMessage(setPolicy.error) : policy.isError ? errorMessage(policy.error) : undefined} below />
    </div>
  );
}
