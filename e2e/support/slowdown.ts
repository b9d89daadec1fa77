import { scaled } from '../../scripts/test-slowdown.ts';

/**
 * The browser tests' timeouts: `scaled(ms)` stretches a timeout tuned on the reference machine by
 * STEWARD_TEST_SLOWDOWN, which playwright.config.ts settles (measures this machine when unset) before any
 * worker starts, so every worker reads the same value.
 */
export { scaled };
