import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR is the server's user's alone (issue 52): it holds the database, the outbox's mails with live reset and
 * invitation keys, the lock file and the backup socket. Every directory Steward makes there is 0700 and every file
 * 0600, so no other local user can read them.
 */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * New files and directories of this process grant nothing to the group or to others (umask 077), whatever mode their
 * maker asks for: the server's start, the demo and the command-line tools call it before they write anything.
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/** What makePrivate did: how many entries it changed, and those it could not (another user's, say). */
export interface PrivacyRepair {
  changed: number;
  failed: string[];
}

/**
 * Takes the group's and others' permissions off `target` and, unless `recursive` is false, everything under it
 * (symbolic links are not followed), as an install made before issue 52 left them readable (PGlite's files 0666,
 * the outbox's 0644). Adds what it changed, and what it could not, to `repair`; nothing when `target` does not exist.
 */
export function makePrivate(target: string, repair: PrivacyRepair = { changed: 0, failed: [] }, recursive = true): PrivacyRepair {
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- DATA_DIR, set by the operator, and what Steward keeps in it
  const stats = fs.lstatSync(target, { throwIfNoEntry: false });
  if (!stats || stats.isSymbolicLink()) return repair;
  if ((stats.mode & 0o077) !== 0) {
    try {
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- as above
      fs.chmodSync(target, stats.mode & 0o700);
      repair.changed += 1;
    } catch {
      repair.failed.push(target);
    }
  }
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- as above
  if (recursive && stats.isDirectory()) for (const name of fs.readdirSync(target)) makePrivate(path.join(target, name), repair);
  return repair;
}
