import { createInterface } from 'node:readline';
import { startTestOidcProvider, type TestOidcOptions } from './oidc-test-provider.ts';

/**
 * oidc-test-provider.ts's startTestOidcProviderInAChildProcess: the provider in a process of its own, whose clock
 * (Date.now, which oidc-provider reads) the parent sets back with a line `CLOCK <seconds behind> <ID token ttl>`,
 * and an account's groups with `GROUPS {"email":…,"groups":[…]}`.
 */
const options = JSON.parse(process.env.OIDC_TEST_PROVIDER ?? '{}') as TestOidcOptions & { clockShiftSeconds?: number; idTokenTtlSeconds?: number };
let shiftSeconds = options.clockShiftSeconds ?? 0;
let idTokenTtlSeconds = options.idTokenTtlSeconds ?? 3600;
const realNow = Date.now.bind(Date);
Date.now = () => realNow() - shiftSeconds * 1000;
const provider = await startTestOidcProvider({ ...options, idTokenTtlSeconds: () => idTokenTtlSeconds });
process.stdout.write(`ISSUER ${provider.issuer}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.startsWith('GROUPS ')) {
    const { email, groups } = JSON.parse(line.slice('GROUPS '.length)) as { email: string; groups: string[] };
    void provider.setGroups(email, groups).then(() => process.stdout.write('GROUPS SET\n'));
    return;
  }
  const [word, shift, ttl] = line.trim().split(' ');
  if (word !== 'CLOCK') return;
  shiftSeconds = Number(shift) || 0;
  idTokenTtlSeconds = Number(ttl) || 3600;
  process.stdout.write('CLOCK SET\n');
});
process.once('SIGTERM', () => void provider.close().then(() => process.exit(0)));
