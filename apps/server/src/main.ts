import { readConfig } from './config.ts';
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
  // A promise nobody waited for failed: a bug to report, not a reason to drop every request in flight.
  process.on('unhandledRejection', (reason) => {
    server.app.log.error({ err: reason }, 'unhandled promise rejection (a bug: please report it); the server goes on');
  });
  // After an exception nothing caught, the process's state is unknown: one JSON line saying why, then exit 1
  // for the supervisor (systemd, Kubernetes) to start it again.
  process.on('uncaughtException', (error) => {
    server.app.log.fatal({ err: error }, 'uncaught exception (a bug: please report it); the server stops');
    process.exit(1);
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`Steward cannot start: ${explainStartUpFailure(error)}\n`);
  process.exit(1);
});
