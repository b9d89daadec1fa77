/**
 * The API tests' timeouts: `scaled(ms)` stretches a timeout tuned on the reference machine by
 * STEWARD_TEST_SLOWDOWN, which vitest.config.ts settles (measures this machine when unset) before any test
 * file runs. Also read by the helpers the browser tests and the bench use (postgres-server.ts).
 */
export { scaled } from '../../../../scripts/test-slowdown.ts';
