import { sql } from 'drizzle-orm';
import type { IntegrationKeyScope } from '@steward/contract/integration-keys';
import type { ApiClient } from '../api-client.ts';
import { botPost } from '../bot-test-support.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertFeedback, insertHistory } from '../conversation-factories.ts';
import type { TestApp } from '../test-app.ts';

/**
 * Fresh objects for one call of the access matrix: each call gets its own, so a delete or a
 * resolve by one actor never changes what the next actor is asked about.
 * `author` is a third staff member (an admin) who creates shared objects, so no actor of the
 * matrix is the author of what it approves or edits.
 */
export interface MatrixFixtures {
  testApp: TestApp;
  /** The user id of the actor making the call (0 for anonymous and the bot). */
  actorId: number;
  /** The client making the call, and the author's. */
  actorClient: ApiClient;
  authorClient: ApiClient;
  /** An account that is not the actor's. */
  otherUserId(): Promise<number>;
  helpRequestId(): Promise<number>;
  feedbackId(): Promise<number>;
  historySessionId(): Promise<string>;
  informTheBotId(): Promise<number>;
  funFactId(): Promise<number>;
  /** A document that is completed (not being indexed), uploaded by the author. */
  document(): Promise<{ id: number; fileId: string }>;
  /** A passage of a new completed document (the chunk viewer's calls). */
  documentChunk(): Promise<{ documentId: number; chunkId: number }>;
  /** A document as if added by URL (a URL source, migration 3650): its id. */
  urlDocument(): Promise<number>;
  /** A website source added by the author; `ended` moves it past its crawl (it may be deleted then). */
  site(state: 'queued' | 'ended'): Promise<number>;
  /** An integration key made by the author with these scopes: its id and the whole key. */
  integrationKey(scopes: IntegrationKeyScope[]): Promise<{ id: number; key: string }>;
  /** A webhook endpoint (to a public address it is never sent to: the matrix runs no jobs) and one delivery of it. */
  webhookDelivery(): Promise<{ endpointId: number; deliveryId: number }>;
  /** A Slack endpoint on loopback, stored directly: the matrix's server refuses private addresses, so its test message is refused by the SSRF guard and nothing is sent. */
  slackEndpoint(): Promise<number>;
  /** A file uploaded (not yet registered) by the given client. */
  uploadedFile(client: ApiClient): Promise<Record<string, unknown>>;
}

const idOf = (row: unknown): number => {
  const id = (row as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'number') throw new Error(`Fixture call answered no id: ${JSON.stringify(row)}`);
  return id;
};

export function textUploadForm(name = 'notes.txt', text = 'Opening hours are 9 to 5.'): FormData {
  const form = new FormData();
  form.append('filesData', JSON.stringify([{ title: name, source_url: 'https://shop.example.com/docs' }]));
  form.append('files', new Blob([text]), name);
  return form;
}

export function matrixFixtures(testApp: TestApp, author: ApiClient, actor: { id: number; client: ApiClient }): MatrixFixtures {
  let counter = 0;
  const unique = () => `${Date.now()}-${(counter += 1)}-${Math.random().toString(36).slice(2, 8)}`;
  const uploadedFile = async (client: ApiClient) => {
    const uploaded = await client.postForm('/api/upload-files', textUploadForm(`matrix-${unique()}.txt`));
    const row = uploaded.body.data?.rows[0];
    if (uploaded.status !== 200 || !row) throw new Error(`Fixture upload failed: ${JSON.stringify(uploaded.body)}`);
    return row;
  };
  const document = async () => {
    const file = await uploadedFile(author);
    const registered = await author.post('/api/register-files', {
      filesData: [{ file_id: file.file_id, title: 'Matrix document', source_url: 'https://shop.example.com/docs' }],
    });
    const row = registered.body.data?.rows[0] as { id: number; file_id: string } | undefined;
    if (!row) throw new Error(`Fixture register failed: ${JSON.stringify(registered.body)}`);
    await testApp.db.execute(sql`UPDATE documents SET status = 'completed' WHERE id = ${row.id}`);
    return { id: row.id, fileId: row.file_id };
  };
  return {
    testApp,
    actorId: actor.id,
    actorClient: actor.client,
    authorClient: author,
    otherUserId: async () => (await testApp.createUser({ role: 'viewer' })).id,
    site: async (state) => {
      const added = await author.post('/api/sites', { start_url: `https://site-${unique()}.example.com/` });
      const id = idOf(added.body.data?.rows[0]);
      if (state === 'ended') await testApp.db.execute(sql`UPDATE site_sources SET status = 'completed' WHERE id = ${id}`);
      return id;
    },
    helpRequestId: async () => {
      const answer = await botPost(testApp, '/api/bot/help-requests', { name: 'Vera Visitor', email: 'vera@example.com', message: 'Call me.' });
      return idOf(answer.body.data?.rows[0]);
    },
    feedbackId: async () => (await insertFeedback(testApp.db, { rating: 'down' })).id,
    historySessionId: async () => (await insertHistory(testApp.db, { sessionId: `matrix-${unique()}` })).sessionId,
    informTheBotId: async () => idOf((await author.post('/api/inform-the-bot', { content: `Fact ${unique()}` })).body.data?.rows[0]),
    funFactId: async () => {
      const answer = await author.post<{ data?: { rows: unknown[] }[] }>('/api/fun-facts/new', {
        funFacts: [{ fact: `Fact ${unique()}`, url: 'https://example.com/fact' }],
      });
      return idOf(answer.body.data?.[0]?.rows[0]);
    },
    document,
    urlDocument: async () => {
      const { id } = await document();
      await testApp.db.execute(sql`INSERT INTO document_url_sources (document_id, url) VALUES (${id}, ${`https://files-${unique()}.example.com/manual.pdf`})`);
      return id;
    },
    documentChunk: async () => {
      const { id } = await document();
      const [chunk] = await sqlRows<{ id: number | string }>(
        testApp.db,
        sql`INSERT INTO knowledge_chunks (document_id, chunk_index, content) VALUES (${id}, 0, ${`Passage ${unique()}`}) RETURNING id`,
      );
      return { documentId: id, chunkId: Number(chunk?.id) };
    },
    integrationKey: async (scopes) => {
      const answer = await author.post('/api/integration-keys', { name: `Matrix key ${unique()}`, scopes });
      const row = answer.body.data?.rows[0];
      if (typeof row?.key !== 'string') throw new Error(`Fixture key failed: ${JSON.stringify(answer.body)}`);
      return { id: idOf(row), key: row.key };
    },
    webhookDelivery: async () => {
      const answer = await author.post('/api/webhook-endpoints', { url: 'https://93.184.215.14/hooks', events: ['help_request.created'] });
      const endpointId = idOf(answer.body.data?.rows[0]);
      const [delivery] = await sqlRows<{ id: number | string }>(
        testApp.db,
        sql`INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, record_key, record_path, data, status)
            VALUES (${endpointId}, ${`msg_matrix_${unique()}`}, 'help_request.created', 'help_request:0', '/help-requests/0', '{}', 'delivered') RETURNING id`,
      );
      return { endpointId, deliveryId: Number(delivery?.id) };
    },
    slackEndpoint: async () => {
      const [endpoint] = await sqlRows<{ id: number | string }>(
        testApp.db,
        sql`INSERT INTO webhook_endpoints (kind, url, events, secret_sealed, created_by)
            VALUES ('slack', 'http://127.0.0.1:9/matrix', '["help_request.created"]'::jsonb, '', 'Matrix') RETURNING id`,
      );
      return Number(endpoint?.id);
    },
    uploadedFile,
  };
}
