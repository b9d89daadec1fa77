import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { BACKUP_REFUSED, backupSocketPath } from '../setup/backup-socket.ts';

const GZIP_MAGIC = [0x1f, 0x8b];

/** The running server's snapshot, through its backup socket; undefined when no server listens there. */
async function snapshotFromServer(dataDir: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    const connection = net.connect(backupSocketPath(dataDir));
    connection.once('connect', () => connection.write('backup\n'));
    connection.on('data', (part: Buffer) => parts.push(part));
    connection.once('end', () => {
      const bytes = Buffer.concat(parts);
      if (bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1]) resolve(bytes);
      else reject(new Error(`The running server could not take the backup: ${bytes.toString('utf8').replace(BACKUP_REFUSED, '').trim() || 'it closed the connection'}.`));
    });
    connection.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
}

/** The stopped server's data directory, read under DATA_DIR's lock. */
async function snapshotOfStopped(dataDir: string): Promise<Buffer> {
  const pgliteDir = path.join(dataDir, 'pglite');
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR, set by the operator
  if (!fs.existsSync(pgliteDir)) throw new Error(`DATA_DIR ${dataDir} holds no embedded database to back up.`);
  const release = lockDataDir(dataDir);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir });
    try {
      const tarball = await database.dumpDataDir?.();
      if (!tarball) throw new Error('The embedded database cannot dump its data directory.');
      return Buffer.from(await tarball.arrayBuffer());
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/**
 * `npm run backup`: a consistent snapshot of the embedded database as one gzipped tarball, from the running
 * server (its backup socket) or, when none runs, from DATA_DIR directly. Answers the bytes written.
 */
export async function backupEmbeddedDatabase(dataDir: string, outFile: string): Promise<number> {
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- a path the operator gives on the command line
  if (fs.existsSync(outFile)) throw new Error(`${outFile} exists already: give a new file name, so no backup is overwritten.`);
  const bytes = (await snapshotFromServer(dataDir)) ?? (await snapshotOfStopped(dataDir));
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- a path the operator gives on the command line
  fs.writeFileSync(outFile, bytes, { flag: 'wx', mode: 0o600 });
  return bytes.length;
}

/**
 * `npm run restore`: a backup into a DATA_DIR that holds no database yet (a new or empty directory), under its
 * lock; the server then starts on it as usual (and migrates it, when the backup is from an older version).
 */
export async function restoreEmbeddedDatabase(dataDir: string, backupFile: string): Promise<void> {
  const pgliteDir = path.join(dataDir, 'pglite');
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR, set by the operator
  if (fs.existsSync(pgliteDir) && fs.readdirSync(pgliteDir).length > 0) {
    throw new Error(`DATA_DIR ${dataDir} holds a database already: restore into a new or empty DATA_DIR, then point the server at it.`);
  }
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- a path the operator gives on the command line
  const bytes = fs.readFileSync(backupFile);
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) throw new Error(`${backupFile} is not a backup made by npm run backup (not a gzipped tarball).`);
  const release = lockDataDir(dataDir);
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: pgliteDir, loadDataDir: new Blob([bytes]) });
    await database.query('SELECT 1');
    await database.close();
  } finally {
    release();
  }
}
