import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { MAIL_DELIVERY_TEXTS } from '@steward/contract/mail-delivery';
import { VISITOR_MAIL_MESSAGES, visitorMailSettings, type VisitorMailRow, type VisitorMailSettings } from '@steward/contract/visitor-mail';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormCard } from '../../../components/form/form-card.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useFormOutcome } from '../../../components/form/use-form-outcome.ts';
import { useSaveVisitorMail } from '../../../lib/visitor-mail.ts';

/**
 * Mail to visitors (issue 58): the name a reply to a help request comes from and where the visitor's answer goes,
 * and how this server sends mail at all (SMTP_URL, or the outbox folder). Read only without update_bot_settings.
 */
export function VisitorMailSection({ saved, mayEdit }: { saved: VisitorMailRow; mayEdit: boolean }) {
  const save = useSaveVisitorMail();
  const { outcome, save: saveWithOutcome } = useFormOutcome();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<VisitorMailSettings>({ resolver: zodResolver(visitorMailSettings), values: { sender_name: saved.sender_name, reply_to: saved.reply_to } });
  const onSubmit = handleSubmit((settings) => saveWithOutcome(() => save.mutateAsync(settings), VISITOR_MAIL_MESSAGES.saved));
  return (
    <FormCard titleId="visitor-mail-title" title="Mail to visitors" onSubmit={onSubmit}>
      <p className="text-body-secondary small">
        A reply to a help request is mailed to the visitor from this name, at {saved.from_address} (MAIL_FROM). Mails to staff keep
        MAIL_FROM as it is.
      </p>
      <div className="row g-3">
        <FormField
          id="visitor-mail-sender-name"
          className="col-12 col-md-6"
          label="Sender name"
          hint={`Your team or assistant, as the visitor knows it. Empty: the chat widget's title, “${saved.default_sender_name}”.`}
          error={errors.sender_name?.message}
        >
          {(control) => <Form.Control autoComplete="off" placeholder={saved.default_sender_name} disabled={!mayEdit} {...control} {...register('sender_name')} />}
        </FormField>
        <FormField
          id="visitor-mail-reply-to"
          className="col-12 col-md-6"
          label="Reply-to address"
          hint={`Where the visitor's answer goes. Empty: to ${saved.from_address}.`}
          error={errors.reply_to?.message}
        >
          {(control) => <Form.Control type="email" autoComplete="off" placeholder="support@example.com" disabled={!mayEdit} {...control} {...register('reply_to')} />}
        </FormField>
      </div>
      {saved.delivery === 'outbox' ? (
        <div className="alert alert-warning small mt-3 mb-0" data-testid="mail-delivery-status">
          <p className="mb-1 text-break">{MAIL_DELIVERY_TEXTS.outboxAll(saved.outbox_folder ?? 'outbox')}</p>
          <p className="mb-0">{MAIL_DELIVERY_TEXTS.configure}</p>
        </div>
      ) : null}
      <SubmitButton busy={isSubmitting} busyLabel="Saving..." disabled={!mayEdit} className="mt-3">
        Save
      </SubmitButton>
      <FormAlert {...outcome} below />
    </FormCard>
  );
}
