import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type WebhookEndpointWithSecret, type WebhookEventType, webhookPayload } from '@steward/contract/webhooks';
import type { ApiClient } from '../../test/api-client.ts';
import { addDocument } from '../../test/document-upload.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDataPath } from '../../test/test-data.ts';
import { startTestPdfServer, type TestPdfServer } from '../../test/test-pdf-server.ts';
import { startTestSite, type TestSite } from '../../test/test-site-server.ts';
import { type Receiver, startReceiver } from '../../test/webhook-receiver.ts';

// Issue 57 (docs/integrations.md): document.indexed, document.failed and source.synced reach an endpoint that chose
// them, signed (checked by the `standardwebhooks` package on a loopback receiver), through the real upload, ingestion,
// URL-document sync and website crawl.

const FIRST = fs.readFileSync(testDataPath('pdf', 'three_pages_with_number.pdf'));
const SECOND = fs.readFileSync(testDataPath('pdf', 'pdfjs_wikipedia.pdf'));

let testApp: TestApp;
let admin: ApiClient;
let receiver: Receiver;
let pdf: TestPdfServer;
let site: TestSite;
beforeAll(async () => {
  testApp = await createTestApp({ ALLOW_PRIVATE_URLS: 'true', SITE_CRAWL_DELAY_MS: '0' });
  ({ client: admin } = await testApp.signedInClient('admin', { name: 'Docs Admin' }));
  receiver = await startReceiver();
  pdf = await startTestPdfServer(FIRST);
  site = await startTestSite();
});
afterAll(async () => {
  await receiver.close();
  await pdf.close();
  await site.close();
  await testApp.close();
});
beforeEach(async () => {
  await testApp.db.execute(sql`DELETE FROM webhook_endpoints`);
  receiver.received = [];
});

async function addEndpoint(events: WebhookEventType[]): Promise<void> {
  const answer = await admin.post('/api/webhook-endpoints', { url: receiver.url, events });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  receiver.secret = (answer.body.data?.rows[0] as WebhookEndpointWithSecret).secret;
}

/** What arrived, each checked: signed, and a body the contract's schema accepts. */
function arrived(): { type: WebhookEventType; data: Record<string, unknown> }[] {
  for (const message of receiver.received) {
    expect(message.verified, message.id).toBe(true);
    expect(webhookPayload.safeParse(message.payload).success, JSON.stringify(message.payload)).toBe(true);
  }
  return receiver.received.map((message) => message.payload);
}

describe('document events', () => {
  it('tells document.indexed when an uploaded document is indexed, and document.failed with the reason when it cannot be', async () => {
    await addEndpoint(['document.indexed', 'document.failed']);
    const good = await addDocument(admin, { name: 'returns.txt', bytes: 'Returns are free within 30 days.', title: 'Returns', sourceUrl: 'https://shop.example.com/returns' });
    const empty = await addDocument(admin, { name: 'empty.pdf', bytes: fs.readFileSync(testDataPath('pdf', 'empty.pdf')), title: 'Empty notes', sourceUrl: 'https://shop.example.com/empty' });
    await runAllJobs(testApp);
    await runAllJobs(testApp);
    const events = arrived();
    expect(events).toEqual(
      expect.arrayContaining([
        {
          type: 'document.indexed',
          timestamp: expect.any(String),
          data: {
            id: good,
            title: 'Returns',
            filename: 'returns.txt',
            source_url: 'https://shop.example.com/returns',
            status: 'completed',
            error_message: null,
            new_version: false,
            url: `${testApp.config.publicUrl}/documents`,
          },
        },
        {
          type: 'document.failed',
          timestamp: expect.any(String),
          data: expect.objectContaining({ id: empty, title: 'Empty notes', status: 'error', error_message: expect.stringMatching(/\w+/), new_version: false }),
        },
      ]),
    );
    expect(events).toHaveLength(2);
  });

  it('sends nothing to an endpoint that did not choose the event', async () => {
    await addEndpoint(['document.failed']);
    await addDocument(admin, { name: 'hours.txt', bytes: 'We open at nine.', title: 'Hours', sourceUrl: 'https://shop.example.com/hours' });
    await runAllJobs(testApp);
    await runAllJobs(testApp);
    expect(arrived()).toEqual([]);
  });
});

describe('source.synced', () => {
  it('tells each sync of a URL document with its counts, after the document.indexed of a changed copy', async () => {
    await addEndpoint(['document.indexed', 'source.synced']);
    const fetched = await admin.post('/api/upload-url', { url: pdf.url, title: 'Manual by URL' });
    const registered = await admin.post('/api/register-files', { filesData: fetched.body.data?.rows });
    const documentId = Number(registered.body.data?.rows[0]?.id);
    await runAllJobs(testApp);
    expect(arrived().map((event) => event.type)).toEqual(['document.indexed']);
    receiver.received = [];

    // Unchanged: a 304.
    expect((await admin.post(`/api/documents/${documentId}/source/sync`)).status).toBe(200);
    await runAllJobs(testApp);
    await runAllJobs(testApp);
    const [unchanged] = arrived();
    expect(unchanged).toEqual({
      type: 'source.synced',
      timestamp: expect.any(String),
      data: {
        sync_id: expect.any(Number),
        source: { kind: 'document', id: documentId, url: pdf.url },
        trigger: 'manual',
        status: 'completed',
        message: null,
        started_at: expect.any(String),
        finished_at: expect.any(String),
        counts: { checked: 1, unchanged: 1, changed: 0, added: 0, removed: 0, failed: 0 },
        url: `${testApp.config.publicUrl}/documents`,
      },
    });
    receiver.received = [];

    // Changed: the new copy is indexed, then the sync ends; one record, so in that order.
    pdf.serve({ bytes: SECOND });
    expect((await admin.post(`/api/documents/${documentId}/source/sync`)).status).toBe(200);
    await runAllJobs(testApp);
    await runAllJobs(testApp);
    const changed = arrived();
    expect(changed.map((event) => event.type)).toEqual(['document.indexed', 'source.synced']);
    expect(changed[0]?.data).toMatchObject({ id: documentId, new_version: true, status: 'completed' });
    expect(changed[1]?.data).toMatchObject({ status: 'completed', counts: { checked: 1, changed: 1 } });
    receiver.received = [];

    // Failing: the sync failed, the text kept.
    pdf.serve({ status: 500 });
    expect((await admin.post(`/api/documents/${documentId}/source/sync`)).status).toBe(200);
    await runAllJobs(testApp);
    await runAllJobs(testApp);
    expect(arrived()).toEqual([expect.objectContaining({ type: 'source.synced', data: expect.objectContaining({ status: 'failed', counts: expect.objectContaining({ failed: 1 }) }) })]);
  });

  it("tells a website's first read, with the pages it added", async () => {
    await addEndpoint(['source.synced']);
    const added = await admin.post('/api/sites', { start_url: `${site.origin}/help/`, include_prefixes: ['/help/'] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const siteId = Number(added.body.data?.rows[0]?.id);
    await runAllJobs(testApp);
    await runAllJobs(testApp);
    const events = arrived();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'source.synced',
      data: { source: { kind: 'site', id: siteId, url: `${site.origin}/help/` }, trigger: 'added', status: 'completed' },
    });
    const counts = events[0]?.data.counts as Record<string, number>;
    expect(counts.added).toBeGreaterThan(0);
    expect(counts.checked).toBeGreaterThanOrEqual(counts.added ?? 0);
  });
});
