/**
 * The job queue told about each new help request, enqueued in the transaction that
 * stores it. The bot settings module registers the handler that mails the notification addresses.
 */
export const HELP_REQUEST_CREATED_QUEUE = 'help-request-created';

export interface HelpRequestCreatedPayload {
  helpRequestId: number;
}
