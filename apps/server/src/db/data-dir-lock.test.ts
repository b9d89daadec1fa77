import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a second live process with a clear message', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    fs.writeFileSync(path.join(dir, 'steward.lock'), String(other.pid));
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`Another Steward process (pid ${other.pid}) is already using DATA_DIR ${dir}.`);
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'steward.lock'), '999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'steward.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'steward.lock'))).toBe(false);
  });
});
