import type { FastifyBaseLogger } from 'fastify';

/** Socket errors: the server cannot be reached, or the connection to it broke. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * PostgreSQL's SQLSTATEs for a server going away: class 08 (connection exception), 57P01 admin_shutdown (a fast
 * stop, pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting or stopping).
 */
const UNREACHABLE_STATES = /^(08...|57P0[123])$/;
/** What node-postgres says when a connection ends or cannot be had, as plain errors without a code. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * True when a query failed because the database cannot be reached or its connection broke (a restart, a failover,
 * a terminated backend), not because of the query: the cause is looked for through Drizzle's wrapping errors.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNREACHABLE_STATES.test(code))) return true;
    if (UNREACHABLE_MESSAGES.some((message) => cause instanceof Error && cause.message.includes(message))) return true;
    if (cause instanceof AggregateError && cause.errors.some(isDatabaseUnreachable)) return true;
  }
  return false;
}

/** What the database's loss looks like to the rest of the server. */
export interface DatabaseReachability {
  /** False from a check that found the database gone until it answers again. */
  readonly reachable: boolean;
  /** A query failed: when for want of the database, check it (once, however many report), and if gone watch for its return. */
  report(error: unknown): void;
  /** Resolves once the database answers (at once when nothing is wrong). */
  whenReachable(): Promise<void>;
  /** Stops watching (at close). */
  stop(): void;
}

/** The embedded database is in the process: it cannot go away on its own. */
export const alwaysReachable: DatabaseReachability = {
  reachable: true,
  report: () => undefined,
  whenReachable: () => Promise.resolve(),
  stop: () => undefined,
};

export interface ReachabilityOptions {
  /** How often a gone database is asked again. */
  retryMs?: number;
  /** Longer than this, a check counts as no answer. */
  checkTimeoutMs?: number;
}

/**
 * Watches a database server that may go away (PostgreSQL: a restart, a failover, a terminated backend). A failed
 * query is reported here; one check (`probe`, a `SELECT 1` on a new connection) tells a broken connection, which
 * the pool has already replaced, from a database that is gone. While gone, it writes one warning, is asked again
 * every `retryMs`, and writes one line when it answers: one pair of lines per outage, however many requests fail.
 */
export function watchReachability(probe: () => Promise<void>, log: Pick<FastifyBaseLogger, 'warn' | 'info'>, options: ReachabilityOptions = {}): DatabaseReachability {
  const retryMs = options.retryMs ?? 1_000;
  const checkTimeoutMs = options.checkTimeoutMs ?? 5_000;
  let reachable = true;
  let checking = false;
  let stopped = false;
  let lostAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];

  const answers = async (): Promise<boolean> => {
    let timeout: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        probe().then(() => true),
        new Promise<boolean>((resolve) => {
          timeout = setTimeout(() => resolve(false), checkTimeoutMs);
        }),
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timeout);
    }
  };
  const back = () => {
    if (!reachable) log.info({ outageSeconds: Math.round((Date.now() - lostAt) / 100) / 10 }, 'The database answers again: requests and background jobs resume.');
    reachable = true;
    const waiting = waiters;
    waiters = [];
    for (const resolve of waiting) resolve();
  };
  const check = async (reason: unknown): Promise<void> => {
    checking = true;
    try {
      while (!stopped) {
        if (await answers()) {
          back();
          return;
        }
        if (reachable) {
          reachable = false;
          lostAt = Date.now();
          log.warn({ reason: describe(reason) }, 'The database does not answer: requests answer 503 and background jobs wait until it is back.');
        }
        await new Promise<void>((resolve) => {
          timer = setTimeout(resolve, retryMs);
        });
      }
    } finally {
      checking = false;
    }
  };
  return {
    get reachable() {
      return reachable;
    },
    report(error) {
      if (stopped || checking || !isDatabaseUnreachable(error)) return;
      void check(error);
    },
    whenReachable: () => (reachable && !checking ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    stop() {
      stopped = true;
      clearTimeout(timer);
      back();
    },
  };
}

/** The error's code and message, for the one warning: never a query's text or parameters. */
function describe(error: unknown): string {
  let innermost = error;
  while (innermost instanceof Error && innermost.cause instanceof Error) innermost = innermost.cause;
  if (!(innermost instanceof Error)) return String(innermost);
  const code = (innermost as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${innermost.message}` : innermost.message;
}
