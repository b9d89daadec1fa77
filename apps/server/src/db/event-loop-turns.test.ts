import { describe, expect, it } from 'vitest';
import { createTurns } from './event-loop-turns.ts';

/** Holds the thread for `ms`, as a PGlite query does. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) { /* the query's synchronous work */ }
};

describe('createTurns', () => {
  it('starts queries asked for at once in the order asked, with a turn of the event loop between any two', async () => {
    const turns = createTurns();
    const order: string[] = [];
    let ticking = true;
    const tick = () => {
      if (order.at(-1) !== 'tick') order.push('tick');
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    await Promise.all([1, 2, 3, 4].map(async (step) => {
      await turns();
      busy(1);
      order.push(`query ${step}`);
    }));
    ticking = false;
    expect(order.filter((entry) => entry !== 'tick')).toEqual(['query 1', 'query 2', 'query 3', 'query 4']);
    const queries = order.flatMap((entry, index) => (entry === 'tick' ? [] : [index]));
    for (let index = 1; index < queries.length; index += 1) expect(queries[index]).toBeGreaterThan((queries[index - 1] ?? 0) + 1);
  });

  it('never holds a turn: a query that waits on something else lets the next one start', async () => {
    const turns = createTurns();
    let release: () => void = () => undefined;
    const first = turns().then(() => new Promise<void>((resolve) => (release = resolve)));
    const second = turns().then(() => 'second ran');
    expect(await second).toBe('second ran');
    release();
    await first;
  });
});
