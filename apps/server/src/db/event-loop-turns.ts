/**
 * Turns of the event loop for the embedded database's queries: one query starts per turn, in the order
 * they asked. PGlite runs a query synchronously and hands its lock to the next waiting query in a
 * microtask, so queries queued on it ran back to back without the event loop getting a turn: 50 of them
 * held it for 100–300 ms, in which no request was read, no connection accepted and no answer sent (at 50
 * connections a new connection waited up to 2.5 s to be accepted, and a search's p99 was 7–8× its p50;
 * with turns, 1.2×). A turn costs the cheapest calls some throughput (authenticate-user 7–19 % at 50
 * connections in the runs measured: the network work once done in one batch is split up); letting queries
 * run back to back for a few milliseconds before a turn measured worse on both counts.
 *
 * A turn only starts a query and is not held, so a transaction's own queries, which take turns too, never
 * wait behind a query that waits for the transaction.
 */
export function createTurns(): () => Promise<void> {
  const waiting: (() => void)[] = [];
  let giving = false;
  const giveNext = () => {
    const next = waiting.shift();
    if (!next) {
      giving = false;
      return;
    }
    next();
    setImmediate(giveNext);
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (giving) return;
      giving = true;
      setImmediate(giveNext);
    });
}
