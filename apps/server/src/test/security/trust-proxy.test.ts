import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';

/**
 * TRUST_PROXY decides whose X-Forwarded-For names the client: every limit, the audit log and the chat's
 * countries read request.ip. A load balancer on another machine (here 198.51.100.2) is not trusted unless
 * named, so a stranger cannot pick their own address; once named, the visitor behind it is seen.
 */
const PROXY = '198.51.100.2';
const VISITOR = '203.0.113.9';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function addressSeen(environment: Record<string, string>, from: string, forwardedFor: string): Promise<string> {
  app = await createTestApp(environment, {
    beforeListen: (server) => server.get('/api/probe/ip', { config: { access: 'public' } }, async (request) => ({ ip: request.ip })),
  });
  const answer = await app.app.inject({ method: 'GET', url: '/api/probe/ip', remoteAddress: from, headers: { 'x-forwarded-for': forwardedFor } });
  return (answer.json() as { ip: string }).ip;
}

describe('TRUST_PROXY', () => {
  it('by default trusts a proxy on the same machine only', async () => {
    expect(await addressSeen({}, '127.0.0.1', VISITOR)).toBe(VISITOR);
    await app?.close();
    expect(await addressSeen({}, PROXY, VISITOR)).toBe(PROXY);
  });

  it('trusts a remote load balancer by its address or range', async () => {
    expect(await addressSeen({ TRUST_PROXY: PROXY }, PROXY, VISITOR)).toBe(VISITOR);
    await app?.close();
    expect(await addressSeen({ TRUST_PROXY: '198.51.100.0/24, loopback' }, PROXY, `192.0.2.1, ${VISITOR}`)).toBe(VISITOR);
  });

  it('by a number of hops, takes that many addresses from the right and no more', async () => {
    // The visitor's own X-Forwarded-For ("192.0.2.1") is a claim: one hop trusts the load balancer's entry only.
    expect(await addressSeen({ TRUST_PROXY: '1' }, PROXY, `192.0.2.1, ${VISITOR}`)).toBe(VISITOR);
    await app?.close();
    expect(await addressSeen({ TRUST_PROXY: 'false' }, '127.0.0.1', VISITOR)).toBe('127.0.0.1');
  });
});
