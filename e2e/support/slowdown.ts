import { scaled } from '../../scripts/test-slowdown.ts';

/**
 * The browser tests' timeouts: `scaled(ms)` stretches a timeout tuned on the reference machine by
 * STEWARD_TEST_SLOWDOWN, which playwright.config.ts settles (measures this machine when unset) before any
 * worker starts, so every worker reads the same value.
 */
export { scaled };

/**
 * The time limit of a test that goes through `screens` screens one after another (axe on each, say): a share
 * for its setup and one per screen, stretched like every timeout. A longer list gets a longer limit.
 */
export const screensBudget = (screens: number): number => scaled(20_000 + 10_000 * screens);
