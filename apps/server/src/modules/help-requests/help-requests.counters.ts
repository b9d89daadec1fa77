/** Names of the list_counters rows kept for help requests. */
export const HELP_REQUEST_COUNTERS = {
  all: 'help_requests',
  pending: 'help_requests:pending',
  resolved: 'help_requests:resolved',
} as const;
