import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, sqlRows } from '@steward/server/test-support';
import { type BuiltServer, startBuiltServer } from '../support/built-server.ts';
import { signInTo, staffCall } from '../support/built-server-calls.ts';
import { testPdf } from '../support/documents.ts';
import { E2E_PORT } from '../support/e2e-constants.ts';
import { expect, test } from '../support/fixtures.ts';
import { scaled } from '../support/slowdown.ts';

const ADMIN = { email: 'durability@example.com', password: 'Durable-Ingestion-42', name: 'Dora Durable' };
const PDF = testPdf('freeculture.pdf');

const signIn = (server: BuiltServer) => signInTo(server, ADMIN);

/** The stored chunks of the data directory, read after the server stopped (one process owns PGlite). */
async function chunksOf(dataDir: string, documentId: number): Promise<{ total: number; distinct: number }> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    const [row] = await sqlRows<{ total: number; distinct: number }>(database.db, sql`
      SELECT count(*)::int AS total, count(DISTINCT chunk_index)::int AS distinct FROM knowledge_chunks WHERE document_id = ${documentId}`);
    return row ?? { total: 0, distinct: 0 };
  } finally {
    await database.close();
  }
}

test.describe('durable ingestion', () => {
  test.setTimeout(scaled(600_000));

  test('kill -9 in the middle of an ingestion: after a restart the job resumes and indexes each chunk once', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'steward-durability-')), 'data');
    const environment = {
      PORT: String(E2E_PORT + 3),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      STEWARD_ADMIN_EMAIL: ADMIN.email,
      STEWARD_ADMIN_PASSWORD: ADMIN.password,
      STEWARD_ADMIN_NAME: ADMIN.name,
    };
    const first = await startBuiltServer(environment);
    let documentId: number;
    try {
      const cookie = await signIn(first);
      const form = new FormData();
      form.append('filesData', JSON.stringify([{ title: 'Free Culture', source_url: 'https://example.com/free-culture' }]));
      form.append('files', new Blob([fs.readFileSync(PDF)], { type: 'application/pdf' }), 'freeculture.pdf');
      const uploaded = await staffCall(first, cookie, '/api/upload-files', form);
      const registered = await staffCall(first, cookie, '/api/register-files', { filesData: uploaded });
      documentId = Number(registered[0]?.id);
      await first.waitForOutput('document parsed, embedding its chunks');
    } finally {
      await first.killHard();
    }
    expect(first.output()).not.toContain('document indexed');

    const second = await startBuiltServer(environment);
    try {
      expect(second.output()).toContain('1 background job(s) interrupted by the last stop will run again.');
      const cookie = await signIn(second);
      await expect
        .poll(async () => (await staffCall(second, cookie, '/api/documents/0')).find((row) => row.id === documentId)?.status, {
          timeout: scaled(480_000),
          intervals: [1000],
        })
        .toBe('completed');
    } finally {
      await second.stop();
    }
    const chunks = await chunksOf(dataDir, documentId);
    expect(chunks.total).toBeGreaterThan(100);
    expect(chunks.total).toBe(chunks.distinct);
  });
});
