import { describe, expect, it } from 'vitest';
import type { GettingStarted } from '@steward/contract/getting-started';
import { botApiCurl, checklistSteps, nextStep } from './checklist-steps.ts';

const fresh: GettingStarted = { bot_api_key_configured: false, integration_keys: 0, allowed_sites: 0, conversations: 0, documents: 0, approvers: 1, public_url: 'https://steward.example.com' };

describe('the first-run checklist', () => {
  it('has nothing done on a fresh install, and opens with connecting a chatbot', () => {
    const steps = checklistSteps(fresh);
    expect(steps.map((step) => [step.id, step.done])).toEqual([
      ['connect', false],
      ['document', false],
      ['question', false],
      ['approver', false],
    ]);
    expect(nextStep(steps)).toBe('connect');
  });

  it('counts a bot API key, an integration key or an allowed site as connected, and two approvers as enough', () => {
    expect(checklistSteps({ ...fresh, allowed_sites: 1 })[0]?.done).toBe(true);
    expect(checklistSteps({ ...fresh, integration_keys: 1 })[0]?.done).toBe(true);
    const steps = checklistSteps({ ...fresh, bot_api_key_configured: true, documents: 2, conversations: 5, approvers: 2 });
    expect(steps.every((step) => step.done)).toBe(true);
    expect(nextStep(steps)).toBeUndefined();
    expect(nextStep(checklistSteps({ ...fresh, bot_api_key_configured: true }))).toBe('document');
  });

  it("writes the curl with this install's address and the key from the environment", () => {
    expect(botApiCurl('https://steward.example.com')).toMatch(/^curl -X POST https:\/\/steward\.example\.com\/api\/bot\/messages \\\n {2}-H "Authorization: Bearer \$BOT_API_KEY"/);
  });
});
