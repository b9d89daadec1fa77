import { describe, expect, it } from 'vitest';
import { PERSONAL_DATA_MESSAGES, personalDataRequest, RETENTION_MESSAGES, retentionForm, retentionFromForm, saveRetentionRequest } from './privacy.ts';

const form = (history: string) => ({ history, feedback: '', helpRequests: '', auditLog: '' });
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the Data retention form and call', () => {
  it.each(['', '1', ' 30 ', '36500'])('accepts %j', (typed) => {
    expect(retentionForm.safeParse(form(typed)).success).toBe(true);
  });

  it.each(['0', '36501', '2.5', '-1', 'ten', '1e3'])('refuses %j with the days message', (typed) => {
    expect(firstMessage(retentionForm.safeParse(form(typed)))).toBe(RETENTION_MESSAGES.daysInvalid);
  });

  it('turns the typed text into the call: empty is for ever', () => {
    const request = { retention: retentionFromForm({ history: ' 30 ', feedback: '', helpRequests: '365', auditLog: '' }) };
    expect(request).toEqual({ retention: { history: 30, feedback: null, helpRequests: 365, auditLog: null } });
    expect(saveRetentionRequest.safeParse(request).success).toBe(true);
  });
});

describe('naming a visitor', () => {
  it.each([
    { kind: 'email', value: ' Vera@Example.com ' },
    { kind: 'ip', value: '203.0.113.7' },
    { kind: 'ip', value: '2001:db8::1' },
    { kind: 'sessionId', value: 'session-1764112345-7' },
  ])('accepts %j', (body) => {
    expect(personalDataRequest.safeParse(body).success).toBe(true);
  });

  it.each([
    [{ kind: 'email', value: 'vera' }, PERSONAL_DATA_MESSAGES.emailInvalid],
    [{ kind: 'ip', value: '203.0.113.256' }, PERSONAL_DATA_MESSAGES.ipInvalid],
    [{ kind: 'ip', value: 'localhost' }, PERSONAL_DATA_MESSAGES.ipInvalid],
    [{ kind: 'sessionId', value: 'two words' }, PERSONAL_DATA_MESSAGES.sessionIdInvalid],
    [{ kind: 'sessionId', value: 'x'.repeat(201) }, PERSONAL_DATA_MESSAGES.sessionIdInvalid],
    [{ kind: 'phone', value: '555' }, PERSONAL_DATA_MESSAGES.selectorInvalid],
  ])('refuses %j with a clear message', (body, message) => {
    expect(firstMessage(personalDataRequest.safeParse(body))).toBe(message);
  });
});
