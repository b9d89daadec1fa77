import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PDF_LIMITS, PDF_LIMIT_REASONS } from '../../ingest/pdf/pdf-limits.ts';
import { buildInflateBombPdf, buildManyPagesPdf } from '../../test/test-pdf-bombs.ts';
import { buildTestPdf } from '../../test/test-pdfs.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { addDocument } from '../../test/document-upload.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { scaled } from '../../test/slowdown.ts';
import { testAppWithAdmin } from '../../test/admin-test-app.ts';

const suite = testAppWithAdmin();

const statusOf = async (id: number) =>
  (await sqlRows<{ status: string; error_message: string | null }>(suite.app.db, sql`SELECT status, error_message FROM documents WHERE id = ${id}`))[0];

const upload = (name: string, bytes: Buffer) => addDocument(suite.admin, { name, bytes, title: name, sourceUrl: `https://shop.example.com/${name}` });

describe('hostile PDFs uploaded through the Documents screen', () => {
  it('ends a 1 GiB decompression bomb and a 20,000-page file as Failed with their reasons, and ingests the next document', async () => {
    const bomb = await upload('bomb.pdf', await buildInflateBombPdf(1024 * 1024 * 1024));
    const pages = await upload('many-pages.pdf', buildManyPagesPdf(20_000));
    const next = await upload('next.pdf', buildTestPdf(['Opening hours: weekdays from nine to five.']));
    const rssBefore = process.memoryUsage().rss;
    await runAllJobs(suite.app);
    // The bomb is inflated in a child process: the server's own memory does not follow it.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
    expect(await statusOf(bomb)).toEqual({ status: 'error', error_message: PDF_LIMIT_REASONS.expands(DEFAULT_PDF_LIMITS) });
    expect(await statusOf(pages)).toEqual({ status: 'error', error_message: PDF_LIMIT_REASONS.tooManyPages(20_000, DEFAULT_PDF_LIMITS) });
    expect(await statusOf(next)).toEqual({ status: 'completed', error_message: null });
    const listed = await suite.admin.get('/api/documents/0');
    const bombRow = (listed.body.data?.rows as { id: number; status: string }[]).find((row) => row.id === bomb);
    expect(bombRow?.status).toBe('error');
  }, scaled(300_000));
});
