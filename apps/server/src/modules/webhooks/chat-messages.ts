import type { WebhookEndpointKind, WebhookEventType } from '@steward/contract/webhooks';

/**
 * The readable message a chat endpoint gets for an event (docs/integrations.md, "Slack and Microsoft Teams"): Slack
 * Block Kit (`{ text, blocks }`) or a Teams message with an Adaptive Card. Built from the delivery's stored data, so
 * a visitor's words are already masked for an endpoint without personal data, and the same on every attempt.
 */
export interface ChatAlert {
  /** The headline: what happened. */
  title: string;
  /** The visitor's question or message (masked unless the endpoint includes personal data). */
  quote: string;
  /** Short facts under it (`label`, `value`), empty values left out. */
  facts: { label: string; value: string }[];
  /** The record in the dashboard. */
  link: { label: string; url: string };
}

/** Slack's limits: a header's text at most 150 characters, a section's 3,000. */
const SLACK_HEADER_MAX = 150;
const SLACK_SECTION_MAX = 3_000;

const shorten = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The alert of an event, from its body's data (`url` included). A chat endpoint chooses only the chat events (CHAT_ALERT_EVENT_TYPES); any other says its type. */
export function chatAlert(type: WebhookEventType, data: Record<string, unknown>, assistantName: string): ChatAlert {
  const url = text(data.url);
  if (type === 'help_request.created') {
    const visitor = data.visitor as { name?: unknown; email?: unknown } | undefined;
    return {
      title: `New help request for ${assistantName}`,
      quote: text(data.message),
      facts: [
        { label: 'From', value: visitor ? `${text(visitor.name)} <${text(visitor.email)}>` : '' },
        { label: 'Page', value: text(data.origin_url) },
      ].filter((fact) => fact.value !== ''),
      link: { label: 'Open the help request', url },
    };
  }
  if (type === 'feedback.thumbs_down') {
    return {
      title: `An answer of ${assistantName} got a thumbs down`,
      quote: text(data.question),
      facts: [{ label: 'Comment', value: text(data.comment) }].filter((fact) => fact.value !== ''),
      link: { label: 'Open the feedback', url },
    };
  }
  return { title: `${assistantName}: ${type}`, quote: '', facts: [], link: { label: 'Open the dashboard', url } };
}

/** The alert of "Send a test message": says where it comes from and links to the Integrations screen. */
export const testChatAlert = (assistantName: string, publicUrl: string): ChatAlert => ({
  title: `Test message from ${assistantName}`,
  quote: 'This channel will get the alerts chosen on the Integrations screen.',
  facts: [],
  link: { label: 'Open Integrations', url: `${publicUrl}/integrations` },
});

/** Slack's mrkdwn treats &, < and > as markup: escaped as Slack asks. */
const slackEscape = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function slackMessage(alert: ChatAlert): Record<string, unknown> {
  const quote = alert.quote.trim() === '' ? '_(no text)_' : alert.quote.split('\n').map((line) => `>${slackEscape(line)}`).join('\n');
  const blocks: Record<string, unknown>[] = [
    { type: 'header', text: { type: 'plain_text', text: shorten(alert.title, SLACK_HEADER_MAX), emoji: false } },
    { type: 'section', text: { type: 'mrkdwn', text: shorten(quote, SLACK_SECTION_MAX) } },
  ];
  if (alert.facts.length > 0) {
    blocks.push({ type: 'section', fields: alert.facts.map((fact) => ({ type: 'mrkdwn', text: shorten(`*${slackEscape(fact.label)}*\n${slackEscape(fact.value)}`, 2_000) })) });
  }
  blocks.push({ type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: alert.link.label }, url: alert.link.url }] });
  // `text` is the notification's and the fallback's (Slack shows it where blocks cannot be).
  return { text: `${alert.title}: ${shorten(alert.quote, 200)}`, blocks };
}

export function teamsMessage(alert: ChatAlert): Record<string, unknown> {
  const body: Record<string, unknown>[] = [
    { type: 'TextBlock', text: alert.title, weight: 'Bolder', size: 'Medium', wrap: true },
    { type: 'TextBlock', text: alert.quote.trim() === '' ? '(no text)' : alert.quote, wrap: true },
  ];
  if (alert.facts.length > 0) body.push({ type: 'FactSet', facts: alert.facts.map((fact) => ({ title: fact.label, value: fact.value })) });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions: [{ type: 'Action.OpenUrl', title: alert.link.label, url: alert.link.url }],
        },
      },
    ],
  };
}

/** The body a chat endpoint is sent. */
export const chatMessageBody = (kind: Exclude<WebhookEndpointKind, 'standard'>, alert: ChatAlert): string =>
  JSON.stringify(kind === 'slack' ? slackMessage(alert) : teamsMessage(alert));

export const CHAT_HEADERS: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Steward webhooks' };
