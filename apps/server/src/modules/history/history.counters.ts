/** Name of the list_counters row kept for the history list (bumped by whoever writes history rows). */
export const HISTORY_COUNTER = 'history';

/** The rows flagged as coverage gaps (the bot said "I don't know"): the History filter's total. */
export const COVERAGE_GAP_COUNTER = 'history:coverage_gap';
