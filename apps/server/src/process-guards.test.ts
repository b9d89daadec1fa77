import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { processGuards } from './process-guards.ts';

/** The JSON lines a real pino logger writes, and the exit codes asked for. */
function guarded() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const exit = vi.fn<(code: number) => void>();
  return { guards: processGuards(log, exit), lines, exit };
}

describe('processGuards', () => {
  it('logs an unhandled rejection as one error line with its cause, and the server goes on', () => {
    const { guards, lines, exit } = guarded();
    guards.unhandledRejection(new Error('a promise nobody waited for'));
    expect(exit).not.toHaveBeenCalled();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: expect.stringContaining('the server goes on') as unknown, err: { message: 'a promise nobody waited for' } });
  });

  it('logs an uncaught exception as one fatal line with its stack, then exits 1 for the supervisor', () => {
    const { guards, lines, exit } = guarded();
    guards.uncaughtException(new TypeError('nothing caught this'));
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 60, msg: expect.stringContaining('the server stops') as unknown, err: { type: 'TypeError', message: 'nothing caught this' } });
    expect(String((lines[0]?.err as { stack?: string }).stack)).toContain('nothing caught this');
  });
});
