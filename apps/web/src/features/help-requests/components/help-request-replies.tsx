import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useState } from 'react';
import { HELP_REQUEST_MESSAGES, type HelpRequest, type HelpRequestReply, helpRequestReplyRequest } from '@steward/contract/help-requests';
import type { MailDeliveryOutcome } from '@steward/contract/mail-delivery';
import { VISITOR_MAIL_TEXTS } from '@steward/contract/visitor-mail';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { FormField } from '../../../components/form/form-field.tsx';
import { SubmitButton } from '../../../components/form/submit-button.tsx';
import { useContractForm } from '../../../components/form/use-contract-form.ts';
import { MailDeliveryNotice } from '../../../components/mail-delivery-notice.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useVisitorMail } from '../../../lib/visitor-mail.ts';
import { useReplyToHelpRequest } from '../api/reply-to-help-request.ts';

/** The replies mailed to the visitor, oldest first, and (for those allowed) the form to send another. */
export function HelpRequestReplies({ helpRequest, replies, canReply }: { helpRequest: HelpRequest; replies: readonly HelpRequestReply[]; canReply: boolean }) {
  return (
    <Card className="mt-3">
      <Card.Header>
        <h2 className="card-title mb-0">Replies by email</h2>
      </Card.Header>
      <Card.Body>
        {replies.length === 0 ? <p className="text-body-secondary">No reply yet.</p> : null}
        <ol className="list-unstyled help-request-replies">
          {replies.map((reply) => (
            <li key={reply.id} className="border-start border-3 border-primary ps-3 mb-3">
              <p className="mb-1 small">
                <strong>{reply.author_name}</strong> to {helpRequest.email},{' '}
                <time dateTime={reply.time}>{formatDateTime(reply.time)}</time>
              </p>
              <p className="mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
                {reply.message}
              </p>
            </li>
          ))}
        </ol>
        {canReply ? <ReplyForm helpRequest={helpRequest} /> : null}
      </Card.Body>
    </Card>
  );
}

function ReplyForm({ helpRequest }: { helpRequest: HelpRequest }) {
  const reply = useReplyToHelpRequest();
  const visitorMail = useVisitorMail().data;
  const [sent, setSent] = useState<MailDeliveryOutcome | undefined>();
  const { register, reset, errors, isSubmitting, submitWith } = useContractForm(helpRequestReplyRequest, {
    defaultValues: { message: '' },
    errorsUnder: 'message',
  });
  const onSubmit = submitWith(async ({ message }) => {
    setSent(undefined);
    const { delivery, outbox_folder } = await reply.mutateAsync({ id: helpRequest.id, message });
    reset();
    setSent({ delivery, outbox_folder });
  });
  return (
    <Form noValidate onSubmit={onSubmit} aria-label="Reply by email">
      <FormField id="help-request-reply" label={`Reply to ${helpRequest.name} by email`} error={errors.message?.message} className="mb-3">
        {(control) => <Form.Control as="textarea" rows={4} {...control} {...register('message')} />}
      </FormField>
      {visitorMail ? (
        <p className="form-text mt-n2 mb-3" data-testid="reply-sender">
          {VISITOR_MAIL_TEXTS.from(visitorMail)}
        </p>
      ) : null}
      <SubmitButton busy={isSubmitting} busyLabel="Sending...">
        Send reply
      </SubmitButton>
      <FormAlert success={sent ? HELP_REQUEST_MESSAGES.replySent : undefined} below />
      <MailDeliveryNotice outcome={sent} mail="the reply" />
    </Form>
  );
}
