import { MAIL_DELIVERY_TEXTS, type MailDeliveryOutcome } from '@steward/contract/mail-delivery';

/**
 * Under a message that says a mail went out (an invitation, a reply), when the server has no mail server: where the
 * mail was written instead, and how to set SMTP up. Nothing when it went through SMTP. Signed-in screens only.
 */
export function MailDeliveryNotice({ outcome, mail }: { outcome: MailDeliveryOutcome | undefined; mail: string }) {
  if (!outcome || outcome.delivery === 'smtp') return null;
  return (
    <div className="small text-break mt-2 mail-delivery-notice" data-testid="mail-delivery-notice">
      <p className="mb-1">{MAIL_DELIVERY_TEXTS.outbox(mail, outcome.outbox_folder ?? 'outbox')}</p>
      <p className="mb-2">{MAIL_DELIVERY_TEXTS.configure}</p>
    </div>
  );
}
