import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { StartUpError } from './start-up-error.ts';
import { dataDirFailure, describeStartUpFailure, explainStartUpFailure } from './start-up-failure.ts';

const systemError = (fields: Record<string, unknown>) => Object.assign(new Error('system'), fields);

describe('describeStartUpFailure', () => {
  it('says what to do about a port in use, a forbidden port and a foreign host address', () => {
    expect(describeStartUpFailure(systemError({ code: 'EADDRINUSE', syscall: 'listen', address: '0.0.0.0', port: 3000 }))).toBe(
      'port 3000 is already in use (0.0.0.0:3000): stop the program using it, or set PORT to a free port.',
    );
    expect(describeStartUpFailure(systemError({ code: 'EACCES', syscall: 'listen', address: '0.0.0.0', port: 80 }))).toMatch(/PORT above 1023/);
    expect(describeStartUpFailure(systemError({ code: 'EADDRNOTAVAIL', syscall: 'listen', address: '10.9.9.9', port: 3000 }))).toMatch(
      /^HOST 10\.9\.9\.9 is not an address of this machine/,
    );
  });

  it('names DATABASE_URL when the server cannot be reached', () => {
    expect(describeStartUpFailure(systemError({ code: 'ECONNREFUSED', syscall: 'connect' }))).toMatch(/DATABASE_URL \(ECONNREFUSED\)/);
  });

  it('passes our own one-line errors through, and leaves the unknown to the stack trace', () => {
    expect(describeStartUpFailure(new ConfigError('Invalid PORT: must be a port number (got "x").'))).toBe('Invalid PORT: must be a port number (got "x").');
    expect(describeStartUpFailure(dataDirFailure('/srv/data', systemError({ code: 'EROFS', path: '/srv/data' })))).toBe(
      'DATA_DIR /srv/data is not a directory Steward can write (EROFS on /srv/data): set DATA_DIR to a writable directory, or fix its permissions.',
    );
    expect(describeStartUpFailure(new TypeError('x is undefined'))).toBeUndefined();
  });
});

describe('explainStartUpFailure', () => {
  it('answers the one line of a failure it knows, and the stack of one it does not', () => {
    expect(explainStartUpFailure(new StartUpError('this database was upgraded by a newer version of Steward.'))).toBe(
      'this database was upgraded by a newer version of Steward.',
    );
    const unknown = new TypeError('x is undefined');
    expect(explainStartUpFailure(unknown)).toBe(unknown.stack);
    expect(explainStartUpFailure('a thrown string')).toBe('a thrown string');
  });
});
