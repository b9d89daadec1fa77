import { describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS } from './client.ts';

describe('the embedded database', () => {
  it("opens with a buffer pool of 64 MB, not PostgreSQL's 128 MB held in the server's memory from the start", async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      expect(PGLITE_SHARED_BUFFERS).toBe('64MB');
      expect(await database.query<{ shared_buffers: string }>('SHOW shared_buffers')).toEqual([{ shared_buffers: '64MB' }]);
      // The settings PGlite starts with are kept beside it.
      expect(await database.query<{ search_path: string }>('SHOW search_path')).toEqual([{ search_path: 'public' }]);
    } finally {
      await database.close();
    }
  });
});
