import { describe, expect, it } from 'vitest';
import { createIntegrationKeyRequest, inScopeOrder, INTEGRATION_KEY_MESSAGES, integrationKeyState, isBootstrapKeyScope } from './integration-keys.ts';

const messageOf = (body: unknown) => {
  const result = createIntegrationKeyRequest.safeParse(body);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('the integration keys contract', () => {
  it('takes a trimmed name, scopes and no expiry by default', () => {
    expect(createIntegrationKeyRequest.parse({ name: '  Help desk ', scopes: ['ratings'] })).toEqual({ name: 'Help desk', scopes: ['ratings'], expires_at: null });
    expect(createIntegrationKeyRequest.parse({ name: 'x', scopes: ['exchanges'], expires_at: '2030-01-01T10:00:00+02:00' }).expires_at).toBe('2030-01-01T10:00:00+02:00');
  });

  it.each([
    [{ name: 'x', scopes: [] }, INTEGRATION_KEY_MESSAGES.scopesRequired],
    [{ name: 'x' }, INTEGRATION_KEY_MESSAGES.scopesRequired],
    [{ name: 'x', scopes: ['admin'] }, INTEGRATION_KEY_MESSAGES.scopeUnknown],
    [{ name: '', scopes: ['exchanges'] }, INTEGRATION_KEY_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101), scopes: ['exchanges'] }, INTEGRATION_KEY_MESSAGES.nameTooLong],
    [{ name: 'x', scopes: ['exchanges'], expires_at: '2030-01-01T10:00' }, INTEGRATION_KEY_MESSAGES.expiryInvalid],
  ])('refuses %j: %s', (body, message) => {
    expect(messageOf(body)).toBe(message);
  });

  it('refuses fields it does not know, so a typo never widens a key', () => {
    expect(createIntegrationKeyRequest.safeParse({ name: 'x', scopes: ['exchanges'], scope: 'all' }).success).toBe(false);
  });

  it('offers the read-only exports as a scope, which BOT_API_KEY does not hold', () => {
    expect(createIntegrationKeyRequest.parse({ name: 'Warehouse', scopes: ['exports'] }).scopes).toEqual(['exports']);
    expect(isBootstrapKeyScope('exports')).toBe(false);
    expect(isBootstrapKeyScope('exchanges')).toBe(true);
  });

  it('puts scopes in the contract order, once each', () => {
    expect(inScopeOrder(['knowledge_search', 'exchanges', 'exchanges'])).toEqual(['exchanges', 'knowledge_search']);
  });

  it('tells an active key from an expired and a revoked one', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(integrationKeyState({ expires_at: null, revoked_at: null }, now)).toBe('active');
    expect(integrationKeyState({ expires_at: '2026-06-01T12:00:01Z', revoked_at: null }, now)).toBe('active');
    expect(integrationKeyState({ expires_at: '2026-06-01T12:00:00Z', revoked_at: null }, now)).toBe('expired');
    expect(integrationKeyState({ expires_at: null, revoked_at: '2026-05-01T00:00:00Z' }, now)).toBe('revoked');
  });
});
