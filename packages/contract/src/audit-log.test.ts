import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_LOG_MESSAGES, auditLogListRequest, auditPersonLabel } from './audit-log.ts';

const messageOf = (body: unknown) => {
  const result = auditLogListRequest.safeParse(body);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the audit log contract', () => {
  it('labels every action, each differently', () => {
    expect(AUDIT_ACTIONS.length).toBeGreaterThanOrEqual(23);
    expect(new Set(Object.values(AUDIT_ACTION_LABELS)).size).toBe(AUDIT_ACTIONS.length);
  });

  it('takes no filters, or any of them, with the offset defaulting to 0', () => {
    expect(auditLogListRequest.parse({})).toEqual({ timezone_offset_hours: 0 });
    expect(auditLogListRequest.parse({ actor_id: 3, action: 'sign_in', from: '2026-02-28', to: '2026-02-28', timezone_offset_hours: -9.5 })).toEqual({
      actor_id: 3,
      action: 'sign_in',
      from: '2026-02-28',
      to: '2026-02-28',
      timezone_offset_hours: -9.5,
    });
  });

  it.each([
    [{ from: '2026-02-29' }, AUDIT_LOG_MESSAGES.dateInvalid],
    [{ to: '2026-13-01' }, AUDIT_LOG_MESSAGES.dateInvalid],
    [{ from: '1 March' }, AUDIT_LOG_MESSAGES.dateInvalid],
    [{ from: '2026-03-02', to: '2026-03-01' }, AUDIT_LOG_MESSAGES.datesReversed],
    [{ timezone_offset_hours: -15 }, AUDIT_LOG_MESSAGES.offsetInvalid],
  ])('refuses %j: %s', (body, message) => {
    expect(messageOf(body)).toBe(message);
  });

  it('refuses an unknown action and a person id that is not a positive whole number', () => {
    expect(messageOf({ action: 'rewrote_history' })).toBe('The action is not one the audit log records.');
    expect(messageOf({ actor_id: 0 })).not.toBeNull();
    expect(messageOf({ actor_id: 1.5 })).not.toBeNull();
  });

  it('names a person by name and email', () => {
    expect(auditPersonLabel({ name: 'Ada', email: 'ada@example.com' })).toBe('Ada (ada@example.com)');
  });
});
