import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** The part of fs-native-extensions used here: an exclusive, non-blocking lock on an open file. */
export interface FileLocks {
  /** True when taken; false when another open file (another process) holds it. */
  tryLock(fd: number): boolean;
}

/**
 * fs-native-extensions (Holepunch's, prebuilt for Linux, macOS and Windows, nothing downloaded at install) locks
 * with the operating system: an open-file-description lock on Linux (fcntl F_OFD_SETLK), flock on macOS,
 * LockFileEx on Windows. Node has no file lock of its own. Loaded when first needed, so a platform without a
 * prebuilt binary (musl, Alpine) still starts, with the pid check below in its place.
 */
let fileLocks: FileLocks | Error | undefined;
function loadFileLocks(): FileLocks | Error {
  try {
    fileLocks ??= createRequire(import.meta.url)('fs-native-extensions') as FileLocks;
  } catch (error) {
    fileLocks = error instanceof Error ? error : new Error(String(error));
  }
  return fileLocks;
}

/**
 * PGlite has no lock of its own: two processes on one data directory silently lose writes. This takes an
 * exclusive OS lock on DATA_DIR/steward.lock and refuses a second process while the first lives. The kernel
 * drops the lock when its process ends, however it ends (kill -9, a power cut), so what the file says never
 * decides: a stale pid (even one reused by another live process) or an empty file does not block a start. The
 * pid is written in for a person reading the file and for the refusal's message. The file is never deleted, only
 * emptied: deleting it would let a process lock a new file while another still holds the old one.
 */
export function lockDataDir(dataDir: string, locks: FileLocks | Error = loadFileLocks()): () => void {
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR is set by the operator, never by a request
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'steward.lock');
  if (locks instanceof Error) return lockByPid(dataDir, lockPath, locks);
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- the lock file inside DATA_DIR, set by the operator
  const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
  let locked = false;
  try {
    locked = locks.tryLock(fd);
  } finally {
    if (!locked) fs.closeSync(fd);
  }
  if (!locked) throw lockedBy(readPid(lockPath), dataDir);
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, String(process.pid), 0);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    fs.ftruncateSync(fd, 0);
    fs.closeSync(fd);
  };
}

const lockedBy = (owner: number | undefined, dataDir: string) =>
  new DataDirLockedError(
    `Another Steward process${owner === undefined ? '' : ` (pid ${owner})`} is already using DATA_DIR ${dataDir}. Stop it first, or start this one with another DATA_DIR.`,
  );

/**
 * Where no OS lock can be had: a lock file holding our pid, created exclusively, refusing a second process while
 * the pid it names is alive. Weaker (a reused pid blocks a start until the file is removed), and said at start.
 */
function lockByPid(dataDir: string, lockPath: string, why: Error): () => void {
  process.emitWarning(`No OS file lock on this platform (${why.message.split('\n')[0] ?? ''}): DATA_DIR's lock is judged by the pid in ${lockPath}.`);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- the lock file inside DATA_DIR, set by the operator, never by a request
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readPid(lockPath);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) throw lockedBy(owner, dataDir);
      // The owner is gone (a crash or kill -9), or the file is empty: the lock is stale, take it over.
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
