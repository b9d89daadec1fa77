import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers on every answer. The middleware is built once: @fastify/helmet built it anew for each
 * request (parsing the policy's directives every time), a few microseconds on every call.
 * Routes that must differ (the widget, the chat stream) set their own header afterwards; the answer's own
 * headers take precedence over these.
 */
export function registerSecurityHeaders(app: FastifyInstance, secureCookies: boolean): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and Chart.js set style attributes; no script can come in through them.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: secureCookies ? [] : null,
      },
    },
    hsts: secureCookies,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => {
      done(error === undefined || error instanceof Error ? error : new Error(String(error)));
    });
  });
}
