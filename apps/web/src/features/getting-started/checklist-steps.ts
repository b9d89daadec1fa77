import type { GettingStarted } from '@steward/contract/getting-started';

export type StepId = 'connect' | 'document' | 'question' | 'approver';

export interface ChecklistStep {
  id: StepId;
  title: string;
  done: boolean;
}

/** The first steps of a new installation, in order, each done or not from what the server counts. */
export function checklistSteps(facts: GettingStarted): ChecklistStep[] {
  return [
    { id: 'connect', title: 'Connect a chatbot, or add the chat widget to your site', done: facts.bot_api_key_configured || facts.integration_keys > 0 || facts.allowed_sites > 0 },
    { id: 'document', title: 'Upload a first document for the bot to answer from', done: facts.documents > 0 },
    { id: 'question', title: 'Ask the bot a first question on the demo page', done: facts.conversations > 0 },
    { id: 'approver', title: 'Invite a second team member who can approve corrections', done: facts.approvers >= 2 },
  ];
}

/** The step to open first: the first one not done. */
export const nextStep = (steps: readonly ChecklistStep[]): StepId | undefined => steps.find((step) => !step.done)?.id;

/** The curl that reports a first exchange through the bot API (docs/bot-api.md). */
export const botApiCurl = (publicUrl: string): string =>
  [
    `curl -X POST ${publicUrl}/api/bot/messages \\`,
    `  -H "Authorization: Bearer $BOT_API_KEY" -H "Content-Type: application/json" \\`,
    `  -d '{"session_id":"first-session","user_message":"Hello?","api_response":"<p>Hi! How can I help?</p>"}'`,
  ].join('\n');
