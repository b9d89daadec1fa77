/**
 * The job queue told about each new help request, enqueued in the transaction that
 * stores it. help-request-notifications.ts mails the addresses saved in the bot settings.
 */
export const HELP_REQUEST_CREATED_QUEUE = 'help-request-created';

export interface HelpRequestCreatedPayload {
  helpRequestId: number;
}
