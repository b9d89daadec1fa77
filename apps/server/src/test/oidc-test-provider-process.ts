import { startTestOidcProvider, type TestOidcOptions } from './oidc-test-provider.ts';

/** oidc-test-provider.ts's startTestOidcProviderInThePast: the provider, its clock set back, in a process of its own. */
const options = JSON.parse(process.env.OIDC_TEST_PROVIDER ?? '{}') as TestOidcOptions & { clockShiftSeconds: number };
const realNow = Date.now.bind(Date);
Date.now = () => realNow() - options.clockShiftSeconds * 1000;
const provider = await startTestOidcProvider(options);
process.stdout.write(`ISSUER ${provider.issuer}\n`);
process.once('SIGTERM', () => void provider.close().then(() => process.exit(0)));
