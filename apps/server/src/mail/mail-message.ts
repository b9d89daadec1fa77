export interface MailMessage {
  to: string | string[];
  subject: string;
  /** Plain text, always: some readers show nothing else. */
  text: string;
  /** Simple HTML with the same content. */
  html: string;
  /** A mail to a visitor: the team's name at MAIL_FROM's address (mail-delivery.ts). Staff mails leave it out: MAIL_FROM. */
  from?: { name: string; address: string };
  /** Where an answer goes (Bot Settings' Mail to visitors); absent: to the sender. */
  replyTo?: string;
  /** Extra header fields (the weekly report's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /** Set by the mail queue from the job's id: the same on every attempt. */
  messageId?: string;
}
