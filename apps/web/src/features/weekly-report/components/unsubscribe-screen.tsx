import Button from 'react-bootstrap/Button';
import { WEEKLY_REPORT_MESSAGES } from '@steward/contract/weekly-report';
import { AuthCard } from '../../../components/auth-card.tsx';
import { errorMessage } from '../../../components/form/error-message.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { useUnsubscribe, useUnsubscribeLink } from '../api/weekly-report.ts';

/**
 * /weekly-report/unsubscribe/{token}, the link in every weekly report: no sign-in. Opening it changes nothing (a mail
 * scanner following links must not unsubscribe anyone); the button does, with one POST.
 */
export function UnsubscribeScreen({ token }: { token: string }) {
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);
  return (
    <AuthCard>
      <h1 className="h3 mb-3">Weekly report</h1>
      {link.isPending ? <LoadingPlaceholder /> : null}
      {link.isError ? <FormAlert error={errorMessage(link.error)} /> : null}
      {link.data ? (
        link.data.subscribed ? (
          <>
            <p>
              Stop the weekly report to <strong>{link.data.email}</strong>?
            </p>
            <Button variant="primary" disabled={unsubscribe.isPending} onClick={() => void unsubscribe.mutateAsync()}>
              Unsubscribe
            </Button>
            <FormAlert error={unsubscribe.isError ? errorMessage(unsubscribe.error) : undefined} below />
          </>
        ) : (
          <p role="status" className="mb-0">
            {WEEKLY_REPORT_MESSAGES.unsubscribed} ({link.data.email})
          </p>
        )
      ) : null}
    </AuthCard>
  );
}
