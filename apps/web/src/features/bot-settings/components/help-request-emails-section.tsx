import { IconPlus, IconTrash } from '../../../components/icons.tsx';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { BOT_SETTINGS_MESSAGES } from '@steward/contract/bot-settings';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFormOutcome } from '../../../components/form/use-form-outcome.ts';
import { useSaveBotSettings } from '../api/save-bot-settings.ts';

/** Only for update_bot_settings: saved addresses with a delete action each, and new email fields. */
export function HelpRequestEmailsSection({ emails }: { emails: readonly string[] }) {
  const save = useSaveBotSettings();
  const { outcome, save: saveWithOutcome } = useFormOutcome();
  const [deleting, setDeleting] = useState<string>();
  const { register, control, handleSubmit, reset, formState } = useForm<{ emails: { address: string }[] }>({
    defaultValues: { emails: [{ address: '' }] },
  });
  const { fields, append } = useFieldArray({ control, name: 'emails' });
  // The browser checks each field as an email input; empty fields are dropped before saving.
  const onSubmit = handleSubmit((values) => {
    const added = values.emails.map((entry) => entry.address.trim()).filter((address) => address !== '');
    return saveWithOutcome(async () => {
      await save.mutateAsync({ settings: { helpRequestEmails: [...emails, ...added] } });
      reset({ emails: [{ address: '' }] });
    }, BOT_SETTINGS_MESSAGES.saved);
  });
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="card-title">Help Requests Email Notifications</h2>
        <p className="text-body-secondary small">Every saved address gets a mail when a visitor asks for help.</p>
        {emails.length > 0 ? (
          <ul className="list-group mb-3" aria-label="Saved help request emails">
            {emails.map((email) => (
              <li key={email} className="list-group-item d-flex justify-content-between align-items-center">
                <span className="text-break">{email}</span>
                <Button size="sm" variant="outline-danger" aria-label={`Delete ${email}`} onClick={() => setDeleting(email)}>
                  <IconTrash className="me-1" size={16} />
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <Form onSubmit={onSubmit}>
          {fields.map((field, index) => (
            <Form.Group key={field.id} className="mb-2" controlId={`help-request-email-${index}`}>
              <Form.Label visuallyHidden={index > 0}>Email address {index + 1}</Form.Label>
              <Form.Control type="email" placeholder="name@example.com" {...register(`emails.${index}.address`)} />
            </Form.Group>
          ))}
          <div className="d-flex gap-2 mt-3">
            <Button variant="outline-primary" onClick={() => append({ address: '' })}>
              <IconPlus className="me-1" size={16} />
              Add another email
            </Button>
            <SubmitButton busy={formState.isSubmitting} busyLabel="Saving...">
              Save
            </SubmitButton>
          </div>
          <FormAlert {...outcome} below />
        </Form>
      </Card.Body>
      <ConfirmModal
        show={deleting !== undefined}
        type="delete"
        message="Are you sure you want to delete this help request email?"
        successMessage={BOT_SETTINGS_MESSAGES.helpRequestEmailDeleted}
        onConfirm={() => save.mutateAsync({ settings: { helpRequestEmails: emails.filter((email) => email !== deleting) } })}
        onClose={() => setDeleting(undefined)}
      />
    </Card>
  );
}
