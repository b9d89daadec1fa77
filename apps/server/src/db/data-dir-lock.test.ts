import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const lockFile = (dir: string) => path.join(dir, 'steward.lock');

/** Another process that locks `dir` as a Steward server does (this module), and keeps it until killed. */
async function anotherSteward(dir: string): Promise<ChildProcess> {
  const script = `import { lockDataDir } from ${JSON.stringify(path.join(import.meta.dirname, 'data-dir-lock.ts'))};
lockDataDir(${JSON.stringify(dir)}); process.stdout.write('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the locking process exited with ${code}`)));
  });
  return child;
}

/** A live process that is no Steward at all (a pid reused after a crash). */
function someOtherProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  children.push(child);
  return child;
}

describe('lockDataDir', () => {
  it('refuses a second live Steward with a clear message naming its pid', async () => {
    const dir = tempDir();
    const other = await anotherSteward(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`Another Steward process (pid ${other.pid}) is already using DATA_DIR ${dir}.`);
  });

  it('refuses a second live Steward even when the lock file was emptied: the OS lock decides, not the file', async () => {
    const dir = tempDir();
    await anotherSteward(dir);
    fs.writeFileSync(lockFile(dir), '');
    expect(() => lockDataDir(dir)).toThrow(`Another Steward process is already using DATA_DIR ${dir}.`);
  });

  it('refuses a second lock in the same process too', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    } finally {
      release();
    }
  });

  it('starts over a lock file naming a live process that holds no lock (the pid reused after a crash)', () => {
    const dir = tempDir();
    const other = someOtherProcess();
    fs.writeFileSync(lockFile(dir), String(other.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('starts over an empty lock file, and over the lock file of a Steward killed with kill -9', async () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), '');
    lockDataDir(dir)();
    const killed = await anotherSteward(dir);
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(killed.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('empties the file at release, keeping it, and lets the next process lock it', () => {
    const dir = tempDir();
    lockDataDir(dir)();
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe('');
    lockDataDir(dir)();
  });

  it('falls back to judging the pid where no OS lock can be had', () => {
    const dir = tempDir();
    const noLocks = new Error("Cannot find addon '.'");
    const other = someOtherProcess();
    fs.writeFileSync(lockFile(dir), String(other.pid));
    expect(() => lockDataDir(dir, noLocks)).toThrow(`Another Steward process (pid ${other.pid}) is already using DATA_DIR ${dir}.`);
    fs.writeFileSync(lockFile(dir), '999999');
    const release = lockDataDir(dir, noLocks);
    expect(fs.readFileSync(lockFile(dir), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });
});
