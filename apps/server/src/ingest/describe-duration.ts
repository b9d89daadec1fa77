/** "200 ms", "45 seconds", "5 minutes": a time limit in a message. */
export function describeDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} second${Math.round(ms / 1000) === 1 ? '' : 's'}`;
  return `${Math.round(ms / 60_000)} minutes`;
}
