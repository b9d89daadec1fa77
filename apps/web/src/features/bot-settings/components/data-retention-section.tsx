import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import {
  RETENTION_DAYS,
  RETENTION_KIND_LABELS,
  RETENTION_KINDS,
  RETENTION_MESSAGES,
  retentionForm,
  retentionFromForm,
  type RetentionForm,
  type RetentionRow,
} from '@steward/contract/privacy';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFormOutcome } from '../../../components/form/use-form-outcome.ts';
import { useSaveDataRetention } from '../api/data-retention.ts';
import { useShorterRetentionConfirmation } from './shorter-retention-confirmation.tsx';

const daysText = (days: number | null): string => (days === null ? '' : String(days));
const defaultText = (days: number | null): string => (days === null ? 'kept for ever' : `${days} days`);

/**
 * Bot Settings' Data retention (issue 43, docs/privacy.md): days per kind, empty for "keep for ever". Holders of
 * update_bot_settings save it; others see it read only. `mayErase` adds the link to the Privacy screen.
 */
export function DataRetentionSection({ rows, mayEdit, mayErase }: { rows: readonly RetentionRow[]; mayEdit: boolean; mayErase: boolean }) {
  const save = useSaveDataRetention();
  const { outcome, save: saveWithOutcome } = useFormOutcome();
  const inForce = Object.fromEntries(rows.map((row) => [row.kind, row])) as Partial<Record<RetentionRow['kind'], RetentionRow>>;
  const values: RetentionForm = {
    history: daysText(inForce.history?.days ?? null),
    feedback: daysText(inForce.feedback?.days ?? null),
    helpRequests: daysText(inForce.helpRequests?.days ?? null),
    auditLog: daysText(inForce.auditLog?.days ?? null),
  };
  const saved = rows.some((row) => row.saved);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RetentionForm>({ resolver: zodResolver(retentionForm), values });
  const confirmation = useShorterRetentionConfirmation(rows, (retention) => saveWithOutcome(() => save.mutateAsync({ retention }), RETENTION_MESSAGES.saved));
  const onSubmit = handleSubmit((form) => confirmation.submit(retentionFromForm(form)));
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="card-title" id="data-retention-title">
          Data retention
        </h2>
        <p className="text-body-secondary small">
          How many days the visitors&apos; data and the audit log are kept ({RETENTION_DAYS.min}–{RETENTION_DAYS.max}); leave a field empty to keep
          it for ever. The hourly clean-up deletes what is older; the statistics keep their counts.{' '}
          {saved ? 'These values are saved here.' : "Nothing is saved here yet: the server's defaults apply."}
        </p>
        <Form noValidate onSubmit={onSubmit} aria-labelledby="data-retention-title">
          <div className="row g-3">
            {RETENTION_KINDS.map((kind) => (
              <FormField
                key={kind}
                id={`retention-${kind}`}
                className="col-12 col-md-6"
                label={`${RETENTION_KIND_LABELS[kind]} (days)`}
                hint={`Server default: ${defaultText(inForce[kind]?.default_days ?? null)}.`}
                error={errors[kind]?.message}
              >
                {(control) => (
                  <Form.Control
                    type="text"
                    inputMode="numeric"
                    placeholder={RETENTION_MESSAGES.keptForEver}
                    disabled={!mayEdit}
                    {...control}
                    {...register(kind)}
                  />
                )}
              </FormField>
            ))}
          </div>
          <SubmitButton busy={isSubmitting} busyLabel="Saving..." disabled={!mayEdit} className="mt-3">
            Save
          </SubmitButton>
          <FormAlert {...outcome} below />
        </Form>
        {confirmation.modal}
        {mayErase ? (
          <p className="mt-3 mb-0">
            A visitor asks what is stored about them, or for its erasure? <Link to="/privacy">Find and erase a visitor&apos;s data</Link>
          </p>
        ) : null}
      </Card.Body>
    </Card>
  );
}
