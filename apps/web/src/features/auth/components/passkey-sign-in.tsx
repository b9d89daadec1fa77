import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../components/form/error-message.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { usePasskeySignIn, usePasskeySignInAvailable } from '../api/passkeys.ts';

/**
 * "Sign in with a passkey", below the spec's login form: only while Sign-in security offers (or requires) second
 * factors, on a server and in a browser that can. The spec's form, texts and call are untouched.
 */
export function PasskeySignIn() {
  const available = usePasskeySignInAvailable();
  const navigate = useNavigate();
  const signIn = usePasskeySignIn();
  if (available.data !== true || !browserSupportsWebAuthn()) return null;
  return (
    <div className="mt-3 pt-3 border-top">
      <FormAlert error={signIn.isError ? errorMessage(signIn.error) : undefined} />
      <Button
        variant="outline-primary"
        className="w-100"
        disabled={signIn.isPending}
        onClick={() => void signIn.mutateAsync().then(() => navigate('/home', { replace: true }), () => undefined)}
      >
        Sign in with a passkey
      </Button>
    </div>
  );
}
