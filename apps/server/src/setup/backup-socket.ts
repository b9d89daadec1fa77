import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

/** The Unix socket in DATA_DIR through which `npm run backup` asks the running server for a snapshot. */
export const backupSocketPath = (dataDir: string): string => path.join(dataDir, 'backup.sock');

/** What the server answers on the socket: a gzipped tarball, or this line and the reason. */
export const BACKUP_REFUSED = 'ERROR ';

/**
 * On the embedded database one process owns DATA_DIR, so a backup taken while the server runs must come
 * from it: `npm run backup` connects to DATA_DIR/backup.sock and the server answers PGlite's dump of the
 * data directory, taken while no query runs (dumpDataDir holds PGlite's query lock), so the copy is
 * consistent. The socket is the operator's file (mode 0600): whoever may read DATA_DIR may back it up.
 */
export async function listenForBackups(dataDir: string, database: Database, log: Pick<FastifyBaseLogger, 'warn' | 'info'>): Promise<() => Promise<void>> {
  const dump = database.dumpDataDir;
  if (!dump) return async () => undefined;
  const socketPath = backupSocketPath(dataDir);
  // A socket left by a killed server: DATA_DIR's lock says none runs now.
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    connection.once('data', () => {
      dump()
        .then(async (tarball) => {
          connection.end(Buffer.from(await tarball.arrayBuffer()));
          log.info(`Backup of the embedded database sent (${tarball.size} bytes).`);
        })
        .catch((error: unknown) => connection.end(`${BACKUP_REFUSED}${error instanceof Error ? error.message : String(error)}\n`));
    });
    connection.on('error', () => undefined);
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error) => {
      log.warn(`npm run backup cannot reach this server while it runs (${error.message}); stop it to back up DATA_DIR.`);
      resolve(false);
    });
    server.listen(socketPath, () => resolve(true));
  });
  if (!listening) return async () => undefined;
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- inside DATA_DIR, set by the operator
  fs.chmodSync(socketPath, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
