import type { ComponentType } from 'react';

/** Spec section 9: a screen's script that has not arrived after two minutes has failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Spec section 8: a script chunk load failure is of type timeout or missing. */
export type ChunkLoadFailure = 'timeout' | 'missing';

const FAILURE_TEXT: Record<ChunkLoadFailure, string> = {
  timeout: 'This screen took too long to load (timeout). Check the connection, then reload the page.',
  missing: 'This screen could not be loaded (missing): the dashboard may have been updated since this page opened. Reload the page.',
};

export class ChunkLoadError extends Error {
  constructor(
    readonly type: ChunkLoadFailure,
    options?: { cause?: unknown },
  ) {
    super(FAILURE_TEXT[type], options);
    this.name = 'ChunkLoadError';
  }
}

/** A dynamic import that fails as a ChunkLoadError: missing when the import fails, timeout when it takes too long. */
export function loadChunk<Module>(load: () => Promise<Module>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<Module> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('missing', { cause }));
      },
    );
  });
}

/**
 * A route's screen, loaded with its area's chunk the first time one of the area's routes matches,
 * so the login screen's JavaScript holds none of the signed-in screens (nor their icons and charts).
 */
export const lazyScreen =
  <Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) =>
  async () => ({ Component: pick(await loadChunk(load)) });
