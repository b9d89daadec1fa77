/**
 * A start-up problem whose message already says what is wrong and what to do. On the ground floor, so the
 * database's migrator and the knowledge store can refuse to start without importing start-up-failure.ts.
 */
export class StartUpError extends Error {}
