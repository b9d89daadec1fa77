import { describe, expect, it } from 'vitest';
import { chatAlert, slackMessage, teamsMessage } from './chat-messages.ts';

const helpRequest = (extra: Record<string, unknown> = {}) =>
  chatAlert('help_request.created', { id: 3, message: 'Fish & <chips>\nsecond line', origin_url: null, url: 'https://steward.example.com/help-requests/3', ...extra }, 'Steward');

describe('chat alerts', () => {
  it('escapes Slack markup in the visitor’s words and quotes every line', () => {
    const blocks = slackMessage(helpRequest()).blocks as { type: string; text?: { text: string } }[];
    expect(blocks[1]?.text?.text).toBe('>Fish &amp; &lt;chips&gt;\n>second line');
  });

  it('cuts a long message to Slack’s section limit and the fallback text to 200 characters', () => {
    const message = slackMessage(helpRequest({ message: 'x'.repeat(5_000) }));
    const blocks = message.blocks as { text?: { text: string } }[];
    expect(blocks[1]?.text?.text).toHaveLength(3_000);
    expect(blocks[1]?.text?.text.endsWith('…')).toBe(true);
    expect(String(message.text).length).toBeLessThanOrEqual('New help request for Steward: '.length + 200);
  });

  it('names the visitor only when the data holds them (an endpoint with personal data)', () => {
    expect(helpRequest().facts).toEqual([]);
    expect(helpRequest({ visitor: { name: 'Ada', email: 'ada@example.com' }, origin_url: 'https://shop.example.com/x' }).facts).toEqual([
      { label: 'From', value: 'Ada <ada@example.com>' },
      { label: 'Page', value: 'https://shop.example.com/x' },
    ]);
  });

  it('gives Teams the card’s facts and the link as an Action.OpenUrl', () => {
    const alert = chatAlert('feedback.thumbs_down', { question: 'Why?', comment: 'Wrong', url: 'https://steward.example.com/feedback/9' }, 'Steward');
    const card = (teamsMessage(alert).attachments as { content: { body: unknown[]; actions: unknown[] } }[])[0]?.content;
    expect(card?.body).toContainEqual({ type: 'FactSet', facts: [{ title: 'Comment', value: 'Wrong' }] });
    expect(card?.actions).toEqual([{ type: 'Action.OpenUrl', title: 'Open the feedback', url: 'https://steward.example.com/feedback/9' }]);
  });
});
