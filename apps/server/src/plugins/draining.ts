import type { FastifyInstance } from 'fastify';

/** A graceful stop's first step: the instance still serves, but tells the load balancer to send no more. */
export interface Draining {
  readonly active: boolean;
  begin(): void;
}

/**
 * Once a stop begins, the health calls answer 503 (modules/health) and every answer closes its connection
 * (`Connection: close`), so a proxy's kept-alive connections end after a request that was answered rather than
 * being cut by the stop while a request is on its way: the proxy opens the next one to another instance.
 */
export function registerDraining(app: FastifyInstance): Draining {
  let active = false;
  app.addHook('onSend', async (_request, reply) => {
    if (active) reply.header('connection', 'close');
  });
  return {
    get active() {
      return active;
    },
    begin: () => {
      active = true;
    },
  };
}
