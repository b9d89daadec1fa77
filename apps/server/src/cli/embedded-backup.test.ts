import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { listenForBackups } from '../setup/backup-socket.ts';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from './embedded-backup.ts';

const log = pino({ level: 'silent' });
const scratch: string[] = [];
const newDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-backup-'));
  scratch.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR whose database holds one table with `rows` rows. */
async function dataDirWith(rows: number) {
  const dataDir = newDir();
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await database.execScript(`CREATE TABLE kept (n int); INSERT INTO kept SELECT generate_series(1, ${rows});`);
  return { dataDir, database };
}

const rowsIn = async (dataDir: string): Promise<number> => {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    return Number((await database.query<{ n: number }>('SELECT count(*)::int AS n FROM kept'))[0]?.n);
  } finally {
    await database.close();
  }
};

describe('npm run backup and npm run restore (the embedded database)', () => {
  it('backs up a running server through its socket, with what it wrote up to then, and restores into an empty DATA_DIR', async () => {
    const { dataDir, database } = await dataDirWith(500);
    const stopListening = await listenForBackups(dataDir, database, log);
    const backup = path.join(newDir(), 'steward.tar.gz');
    try {
      // The server keeps writing while the backup is taken: the snapshot is one moment of it, whole.
      const writing = database.execScript('INSERT INTO kept SELECT generate_series(1, 100);');
      expect(await backupEmbeddedDatabase(dataDir, backup)).toBeGreaterThan(1000);
      await writing;
    } finally {
      await stopListening();
      await database.close();
    }
    const restored = path.join(newDir(), 'data');
    await restoreEmbeddedDatabase(restored, backup);
    expect([500, 600]).toContain(await rowsIn(restored));
  });

  it('backs up a stopped server\'s DATA_DIR directly', async () => {
    const { dataDir, database } = await dataDirWith(3);
    await database.close();
    const backup = path.join(newDir(), 'steward.tar.gz');
    await backupEmbeddedDatabase(dataDir, backup);
    const restored = path.join(newDir(), 'data');
    await restoreEmbeddedDatabase(restored, backup);
    expect(await rowsIn(restored)).toBe(3);
  });

  it('refuses to overwrite a backup, to restore over a database, or to restore a file that is no backup', async () => {
    const { dataDir, database } = await dataDirWith(1);
    await database.close();
    const existing = path.join(newDir(), 'taken.tar.gz');
    fs.writeFileSync(existing, 'old');
    await expect(backupEmbeddedDatabase(dataDir, existing)).rejects.toThrow(/exists already/);
    const backup = path.join(newDir(), 'steward.tar.gz');
    await backupEmbeddedDatabase(dataDir, backup);
    await expect(restoreEmbeddedDatabase(dataDir, backup)).rejects.toThrow(/holds a database already/);
    await expect(restoreEmbeddedDatabase(path.join(newDir(), 'data'), existing)).rejects.toThrow(/is not a backup made by npm run backup/);
  });
});
