import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose writes.
 * This takes an exclusive lock file holding our pid and refuses a second live process.
 */
/** The lock file: our pid, while a Steward process uses DATA_DIR. */
export const lockFilePath = (dataDir: string): string => path.join(dataDir, 'steward.lock');

export function lockDataDir(dataDir: string): () => void {
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR is set by the operator, never by a request
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = lockFilePath(dataDir);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- the lock file inside DATA_DIR, set by the operator, never by a request
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => {
        if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readPid(lockPath);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another Steward process (pid ${owner}) is already using DATA_DIR ${dataDir}. Stop it first, or start this one with another DATA_DIR.`,
        );
      }
      // The owner is gone (a crash or kill -9): the lock is stale, take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}: another process keeps taking ${lockPath}.`);
}

function readPid(lockPath: string): number | undefined {
  try {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the lock file inside DATA_DIR, set by the operator, never by a request
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
