import Fastify from 'fastify';

export const BARE_ROUTE_PATH = '/bare';

/**
 * The ceiling authenticate-user is compared with: a second, bare Fastify app in the server's
 * process (server-process.ts), one route answering `{success:true}`, no plugins.
 * A separate app rather than a route added to the server: no production code carries a bench hook.
 */
export async function startBareRoute(): Promise<{ url: string; stop: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get(BARE_ROUTE_PATH, async () => ({ success: true }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}${BARE_ROUTE_PATH}`, stop: () => app.close() };
}
