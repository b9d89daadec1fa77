import { ConfigError } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { WebBuildError } from './plugins/web-build.ts';
import { StartUpError } from './start-up-error.ts';

interface SystemError extends Error {
  code?: string;
  syscall?: string;
  address?: string;
  port?: number;
  path?: string;
}

/**
 * One line for a person: what stops Steward from starting and what to do about it.
 * Undefined for a failure we cannot explain, which is then shown with its stack.
 */
export function describeStartUpFailure(error: unknown): string | undefined {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof WebBuildError || error instanceof StartUpError) {
    return error.message;
  }
  if (!(error instanceof Error)) return undefined;
  const system = error as SystemError;
  const where = `${system.address ?? 'this machine'}:${system.port ?? '?'}`;
  if (system.syscall === 'listen' || system.syscall === 'bind') {
    if (system.code === 'EADDRINUSE') return `port ${system.port ?? '?'} is already in use (${where}): stop the program using it, or set PORT to a free port.`;
    if (system.code === 'EACCES') return `not allowed to listen on ${where}: choose a PORT above 1023, or run with the right to bind it.`;
    if (system.code === 'EADDRNOTAVAIL') return `HOST ${system.address ?? ''} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0.`;
  }
  if (system.syscall === 'connect' || system.code === 'ECONNREFUSED' || system.code === 'ENOTFOUND') {
    return `cannot reach the PostgreSQL server of DATABASE_URL (${system.code ?? error.message}): check the address and that the server runs.`;
  }
  return undefined;
}

/** describeStartUpFailure's line, or for a failure it cannot explain the error's stack, for a person to report. */
export function explainStartUpFailure(error: unknown): string {
  const explained = describeStartUpFailure(error);
  if (explained !== undefined) return explained;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** Wraps a file-system failure while preparing DATA_DIR into one clear line. */
export function dataDirFailure(dataDir: string, error: unknown): StartUpError {
  const system = error as SystemError;
  const reason = system.code ? `${system.code}${system.path ? ` on ${system.path}` : ''}` : String(system.message ?? error);
  return new StartUpError(`DATA_DIR ${dataDir} is not a directory Steward can write (${reason}): set DATA_DIR to a writable directory, or fix its permissions.`);
}
