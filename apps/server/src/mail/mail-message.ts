export interface MailMessage {
  to: string | string[];
  subject: string;
  /** Plain text, always: some readers show nothing else. */
  text: string;
  /** Simple HTML with the same content. */
  html: string;
  /** Set by the mail queue from the job's id: the same on every attempt. */
  messageId?: string;
}
