import { describe, expect, it } from 'vitest';
import {
  PERSONAL_DATA_MESSAGES,
  personalDataRequest,
  RETENTION_MESSAGES,
  RETENTION_PREVIEW_TEXTS,
  retentionForm,
  retentionFromForm,
  retentionShortened,
  saveRetentionRequest,
} from './privacy.ts';

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

describe('a shorter retention', () => {
  const inForce = { history: 90, feedback: null, helpRequests: 30, auditLog: 365 };

  it('is fewer days, or days where it was for ever; longer, equal or for ever is not', () => {
    expect(retentionShortened(inForce, { history: 30, feedback: 400, helpRequests: 30, auditLog: null })).toEqual(['history', 'feedback']);
    expect(retentionShortened(inForce, { history: 91, feedback: null, helpRequests: 31, auditLog: 365 })).toEqual([]);
    expect(retentionShortened(inForce, inForce)).toEqual([]);
  });

  it('says per kind how many rows go, in the singular for one, and "more than" past the count\'s cap', () => {
    expect(RETENTION_PREVIEW_TEXTS.line({ kind: 'history', days: 30, rows: 1234, more_than: false, total: 5000 })).toBe(
      'Chat history (older than 30 days): 1,234 questions with their answers',
    );
    expect(RETENTION_PREVIEW_TEXTS.line({ kind: 'feedback', days: 1, rows: 1, more_than: false, total: 3 })).toBe('Feedback (older than 1 day): 1 rating');
    expect(RETENTION_PREVIEW_TEXTS.line({ kind: 'helpRequests', days: 7, rows: 10_000, more_than: true, total: 1_000_000 })).toBe(
      'Help requests (older than 7 days): more than 10,000 of 1,000,000 help requests',
    );
    expect(RETENTION_PREVIEW_TEXTS.line({ kind: 'auditLog', days: 3650, rows: 0, more_than: false, total: 9 })).toBe(
      'Audit log (older than 3,650 days): 0 audit log entries',
    );
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
