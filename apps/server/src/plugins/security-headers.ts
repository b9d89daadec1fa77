import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers on every answer. The middlewares are built once: @fastify/helmet built them anew for each
 * request (parsing the policy's directives every time), a few microseconds on every call.
 * Routes that must differ (the widget, the chat stream) set their own header afterwards; the answer's own
 * headers take precedence over these.
 */
export function registerSecurityHeaders(app: FastifyInstance, secureCookies: boolean): void {
  const policy = (images: string[], forms: string[]) =>
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // React and Chart.js set style attributes; no script can come in through them.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: images,
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: forms,
          upgradeInsecureRequests: secureCookies ? [] : null,
        },
      },
      hsts: secureCookies,
    });
  // The dashboard (and every API answer) draws its images from data: URLs only, and shows the bot's answers, whose
  // images are https addresses of other sites (the sanitisers keep no other, issue 52). Without 'self', an image
  // the sanitisers missed cannot call this server's API with the staff's cookie where the dashboard is served over
  // http; over https the GET calls that act refuse what an image sends (plugins/csrf.ts). No form is ever submitted:
  // the dashboard calls the API with fetch, so a form drawn in an answer can send nothing anywhere.
  const dashboard = policy(['data:', 'https:'], ["'none'"]);
  // The API reference (Swagger UI) shows its own images and no answer.
  const apiReference = policy(["'self'", 'data:'], ["'self'"]);
  app.addHook('onRequest', (request, reply, done) => {
    const setHeaders = request.url.startsWith('/api/docs') ? apiReference : dashboard;
    setHeaders(request.raw, reply.raw, (error) => {
      done(error === undefined || error instanceof Error ? error : new Error(String(error)));
    });
  });
}
