import type { FastifyBaseLogger } from 'fastify';

/**
 * What the server does with an error nothing caught (main.ts installs these on `process`). A promise nobody
 * waited for failed: a bug to report, not a reason to drop every request in flight, so the server goes on.
 * After an exception nothing caught, the process's state is unknown: one JSON line saying why, then exit 1 for
 * the supervisor (systemd, Kubernetes) to start it again.
 */
export function processGuards(log: Pick<FastifyBaseLogger, 'error' | 'fatal'>, exit: (code: number) => void) {
  return {
    unhandledRejection(reason: unknown): void {
      log.error({ err: reason }, 'unhandled promise rejection (a bug: please report it); the server goes on');
    },
    uncaughtException(error: Error): void {
      log.fatal({ err: error }, 'uncaught exception (a bug: please report it); the server stops');
      exit(1);
    },
  };
}
