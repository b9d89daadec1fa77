import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, lazyScreen, loadChunk } from './lazy-screen.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk', () => {
  it('gives the module when the import arrives in time', async () => {
    await expect(loadChunk(async () => ({ answer: 42 }))).resolves.toEqual({ answer: 42 });
  });

  it('fails as "missing" when the import fails, keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const failure = await loadChunk(() => Promise.reject(cause)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChunkLoadError);
    expect((failure as ChunkLoadError).type).toBe('missing');
    expect((failure as ChunkLoadError).cause).toBe(cause);
    expect((failure as ChunkLoadError).message).toMatch(/could not be loaded \(missing\)/);
  });

  it('fails as "timeout" after the spec\'s 120 seconds, not before', async () => {
    vi.useFakeTimers();
    const outcome = loadChunk(() => new Promise<never>(() => undefined)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const failure = await outcome;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect((failure as ChunkLoadError).type).toBe('timeout');
  });
});

describe('lazyScreen', () => {
  it('picks the screen component out of the loaded module', async () => {
    const Screen = () => null;
    await expect(lazyScreen(async () => ({ Screen }), (module) => module.Screen)()).resolves.toEqual({ Component: Screen });
  });
});
