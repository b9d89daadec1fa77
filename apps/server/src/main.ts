import { readConfig } from './config.ts';
import { processGuards } from './process-guards.ts';
import { firstAdministratorLine, startBanner } from './setup/start-banner.ts';
import { startServer } from './start-server.ts';
import { explainStartUpFailure } from './start-up-failure.ts';

async function main(): Promise<void> {
  const config = readConfig();
  const server = await startServer(config);
  const admin = server.firstAdministrator;
  if (config.logFormat === 'pretty') {
    process.stdout.write(startBanner(config, server.url, admin));
  } else {
    server.app.log.info(`Steward is serving ${config.assistantName} Owner Dashboard at ${server.url}`);
    // The link also without JSON around it, so a person reading the output can open it.
    if (admin?.registerLink) process.stdout.write(`\n  ${firstAdministratorLine({ ...admin, registerLink: admin.registerLink })}\n\n`);
  }
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal} received: finishing requests and closing the database`);
    server
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  const guards = processGuards(server.app.log, (code) => process.exit(code));
  process.on('unhandledRejection', guards.unhandledRejection);
  process.on('uncaughtException', guards.uncaughtException);
}

main().catch((error: unknown) => {
  process.stderr.write(`Steward cannot start: ${explainStartUpFailure(error)}\n`);
  process.exit(1);
});
