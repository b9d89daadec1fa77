import { describe, expect, it } from 'vitest';
import { passkeysSupported } from './passkey-ceremony.ts';

describe('passkeysSupported', () => {
  it.each([
    ['https://dashboard.example.com', true],
    ['https://dashboard.example.com:8443', true],
    ['http://localhost:3000', true],
    ['http://steward.localhost:3000', true],
    ['http://dashboard.example.com', false],
    ['http://127.0.0.1:3000', false],
    ['https://127.0.0.1', false],
    ['https://[::1]:3000', false],
  ])('%s: %s (browsers allow WebAuthn on a host name, over HTTPS or on localhost)', (publicUrl, supported) => {
    expect(passkeysSupported({ publicUrl })).toBe(supported);
  });
});
