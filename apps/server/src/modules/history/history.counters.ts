/** Name of the list_counters row kept for the history list (bumped by whoever writes history rows). */
export const HISTORY_COUNTER = 'history';
