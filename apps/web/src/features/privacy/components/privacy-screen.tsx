import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import {
  PERSONAL_DATA_MESSAGES,
  PERSONAL_DATA_SELECTOR_LABELS,
  PERSONAL_DATA_SELECTORS,
  personalDataRequest,
  type PersonalDataCountRow,
  type PersonalDataRequest,
} from '@steward/contract/privacy';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useErasePersonalData, useFindPersonalData } from '../api/personal-data.ts';
import { PersonalDataCounts } from './personal-data-counts.tsx';

const PLACEHOLDERS: Record<PersonalDataRequest['kind'], string> = {
  email: 'name@example.com',
  sessionId: 'The chat session ID',
  ip: '203.0.113.7',
};

const total = (rows: readonly PersonalDataCountRow[]): number => rows.reduce((sum, row) => sum + row.count, 0);

/**
 * The Privacy screen (issue 43, docs/privacy.md), for holders of erase_personal_data: find what is stored about
 * one visitor by email, session id or IP address, see the counts, and erase it all after a confirmation.
 */
export function PrivacyScreen() {
  const find = useFindPersonalData();
  const erase = useErasePersonalData();
  const [found, setFound] = useState<{ request: PersonalDataRequest; rows: PersonalDataCountRow[] }>();
  const [erased, setErased] = useState<PersonalDataCountRow[]>();
  const [confirming, setConfirming] = useState(false);
  const { register, control, errors, isSubmitting, submitWith } = useContractForm(personalDataRequest, {
    defaultValues: { kind: 'email', value: '' },
    errorsUnder: 'value',
  });
  const kind = useWatch({ control, name: 'kind' });
  const onSubmit = submitWith(async (request) => {
    setErased(undefined);
    setFound(undefined);
    setFound({ request, rows: await find.mutateAsync(request) });
  });
  const foundTotal = found ? total(found.rows) : 0;
  return (
    <section aria-labelledby="privacy-title">
      <PageHeader
        id="privacy-title"
        pretitle="Settings"
        title="Privacy"
        description="Find what is stored about one visitor, for an access request, and erase it all, for an erasure request."
      />
      <Card className="mb-4">
        <Card.Body>
          <h2 className="card-title">Find a visitor&apos;s data</h2>
          <Form noValidate onSubmit={onSubmit}>
            <div className="row g-3 align-items-start">
              <Form.Group className="col-12 col-md-3" controlId="personal-data-kind">
                <Form.Label>Find by</Form.Label>
                <Form.Select {...register('kind')}>
                  {PERSONAL_DATA_SELECTORS.map((selector) => (
                    <option key={selector} value={selector}>
                      {PERSONAL_DATA_SELECTOR_LABELS[selector]}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <FormField id="personal-data-value" className="col-12 col-md-6" label={PERSONAL_DATA_SELECTOR_LABELS[kind]} error={errors.value?.message}>
                {(fieldControl) => (
                  <Form.Control
                    type={kind === 'email' ? 'email' : 'text'}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={PLACEHOLDERS[kind]}
                    {...fieldControl}
                    {...register('value')}
                  />
                )}
              </FormField>
            </div>
            <SubmitButton busy={isSubmitting} busyLabel="Finding..." className="mt-3">
              Find
            </SubmitButton>
          </Form>
        </Card.Body>
      </Card>

      {found ? (
        <Card className="mb-4">
          <Card.Header>
            <h2 className="card-title mb-0">What is stored about this visitor</h2>
          </Card.Header>
          <PersonalDataCounts rows={found.rows} caption="What is stored about this visitor" testId="personal-data-found" />
          <Card.Body>
            {foundTotal === 0 ? (
              <p className="mb-0" role="status">
                {PERSONAL_DATA_MESSAGES.nothingFound}
              </p>
            ) : (
              <Button variant="danger" onClick={() => setConfirming(true)}>
                Erase all
              </Button>
            )}
          </Card.Body>
        </Card>
      ) : null}

      {erased ? (
        <Card className="mb-4">
          <Card.Body>
            <FormAlert success={`${PERSONAL_DATA_MESSAGES.erased} ${total(erased)} rows erased.`} />
          </Card.Body>
          <PersonalDataCounts rows={erased} caption="What was erased" testId="personal-data-erased" />
        </Card>
      ) : null}

      <ConfirmModal
        show={confirming}
        type="delete"
        message={PERSONAL_DATA_MESSAGES.confirmErase}
        confirmLabel="Erase all"
        successMessage={PERSONAL_DATA_MESSAGES.erased}
        onConfirm={async () => {
          if (!found) return;
          const rows = await erase.mutateAsync(found.request);
          setErased(rows);
          setFound(undefined);
        }}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
