import Form from 'react-bootstrap/Form';
import { errorMessage } from '../../../components/form/error-message.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { useOwnWeeklyReport, useSetOwnWeeklyReport } from '../api/weekly-report.ts';

/**
 * One's own opt-in on User Detail, under the spec's card. Shown only while an administrator offers the report, or
 * while the member still receives it (so they can always stop it): otherwise nothing, and User Detail is the spec's.
 */
export function WeeklyReportOptIn({ userId }: { userId: number }) {
  const own = useOwnWeeklyReport(userId);
  const setOwn = useSetOwnWeeklyReport(userId);
  if (!own.data || !(own.data.offered || own.data.subscribed)) return null;
  return (
    <section className="card account-form mt-3" aria-labelledby="weekly-report-title">
      <div className="card-body">
        <h2 className="h4" id="weekly-report-title">
          Weekly report
        </h2>
        <Form.Check
          type="switch"
          id="weekly-report-subscribed"
          label="Mail me the weekly report every Monday"
          checked={own.data.subscribed}
          disabled={setOwn.isPending}
          onChange={(event) => void setOwn.mutateAsync(event.currentTarget.checked)}
        />
        <p className="text-secondary small mb-0 mt-2">The past week (Monday to Sunday, UTC): conversations, satisfaction, coverage gaps and what waits for the team.</p>
        <FormAlert error={setOwn.isError ? errorMessage(setOwn.error) : undefined} below />
      </div>
    </section>
  );
}
