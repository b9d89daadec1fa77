import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { MAIL_DELIVERY_TEXTS } from '@steward/contract/mail-delivery';
import { errorMessage } from '../../../components/form/error-message.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { LoadingPlaceholder } from '../../../components/loading-placeholder.tsx';
import { useSendSampleReport, useSetWeeklyReportOffer, useWeeklyReportOffer } from '../api/weekly-report.ts';

/** Integrations' "Weekly report" section (administrators): whether staff may opt in to the Monday mail. Saved when switched. */
export function WeeklyReportOfferCard() {
  const offer = useWeeklyReportOffer();
  const setOffer = useSetWeeklyReportOffer();
  const sample = useSendSampleReport();
  const sent = sample.data;
  return (
    <section className="mb-4" aria-labelledby="weekly-report-offer-title">
      <h2 id="weekly-report-offer-title">Weekly report</h2>
      <p className="text-secondary">
        A mail every Monday with the past week: conversations, satisfaction, coverage gaps, pending help requests, corrections awaiting approval and
        sources that failed. Staff who want it turn it on from their own account page (User Accounts, their account).
      </p>
      <div className="card card-body">
        {offer.isPending ? <LoadingPlaceholder /> : null}
        {offer.data !== undefined ? (
          <Form.Check
            type="switch"
            id="weekly-report-offered"
            label="Offer the weekly report to staff"
            checked={offer.data}
            disabled={setOffer.isPending}
            onChange={(event) => void setOffer.mutateAsync(event.currentTarget.checked)}
          />
        ) : null}
        <FormAlert error={setOffer.isError ? errorMessage(setOffer.error) : offer.isError ? errorMessage(offer.error) : undefined} below />
        <div className="mt-3">
          <Button variant="outline-primary" size="sm" disabled={sample.isPending} onClick={() => void sample.mutateAsync()}>
            Send me last week&apos;s report
          </Button>
        </div>
        <FormAlert
          error={sample.isError ? errorMessage(sample.error) : undefined}
          success={sent ? (sent.delivery === 'outbox' && sent.outbox_folder ? MAIL_DELIVERY_TEXTS.outbox("last week's report", sent.outbox_folder) : "Last week's report is on its way to you.") : undefined}
          below
        />
      </div>
    </section>
  );
}
