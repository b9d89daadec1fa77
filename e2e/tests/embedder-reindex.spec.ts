import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ANSWER_MODEL_TEXTS } from '@steward/contract/answer-models';
import { KNOWLEDGE_REINDEX_TEXTS } from '@steward/contract/knowledge-reindex';
import { type FakeLlmServer, startFakeLlmServer } from '@steward/server/test-support';
import type { Page } from '@playwright/test';
import { type BuiltServer, ownServersBudget, REPOSITORY_ROOT, startBuiltServer } from '../support/built-server.ts';
import { addDocument, settledDocument, textUpload } from '../support/documents.ts';
import { E2E_PORT } from '../support/e2e-constants.ts';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';
import { scaled } from '../support/slowdown.ts';

/**
 * Changing the embedder on the Answers card re-indexes the knowledge in the background, with its progress on
 * Documents (issue 54). On a shipped server of its own: the re-index changes which vectors answer, which the tests
 * running beside it on the shared server must not see.
 */
const PORT = E2E_PORT + 18;
const ADMIN = { email: 'reindex-admin@example.com', password: 'Reindex-Admin-1' };

let models: FakeLlmServer;
let server: BuiltServer;
let dataDir: string;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(ownServersBudget());
  models = await startFakeLlmServer();
  models.behave({ kind: 'stream', pieces: ['I can answer ', 'your customers.'] });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-e2e-embedder-reindex-'));
  server = await startBuiltServer(environment());
});

const environment = () => ({
  PORT: String(PORT),
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  STEWARD_ADMIN_EMAIL: ADMIN.email,
  STEWARD_ADMIN_PASSWORD: ADMIN.password,
});

/** `npm run reindex` on the server's DATA_DIR, as an operator runs it (the server stopped: the embedded database). */
async function runReindex(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPOSITORY_ROOT, 'apps', 'server', 'src', 'cli', 'reindex.ts')], {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}
test.afterAll(async () => {
  await server?.stop();
  await models?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const part = (page: Page, legend: string) => card(page).getByRole('group', { name: legend });

async function signInOwn(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

const card = (page: Page) => page.locator('form').filter({ has: page.getByRole('heading', { name: ANSWER_MODEL_TEXTS.title, exact: true }) });
const banner = (page: Page) => page.getByText(/^Re-indexing the knowledge for the new embedder: /);

// First, on the fresh server: nothing saved yet. The answer writer is tested, never saved.
test.describe('Bot Settings: the Answers card', () => {
  test("tests a language model and shows its answer and time; saves an embeddings API's key and never shows it", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signInOwn(page);
    await page.goto('/bot-settings');
    await expect(card(page).getByText(ANSWER_MODEL_TEXTS.fromEnvironment)).toBeVisible();

    const writer = part(page, ANSWER_MODEL_TEXTS.writer);
    await expect(writer.getByRole('radio', { name: ANSWER_MODEL_TEXTS.writerQuotes })).toBeChecked();
    await writer.getByRole('radio', { name: ANSWER_MODEL_TEXTS.writerLlm }).check();
    await writer.getByLabel(ANSWER_MODEL_TEXTS.baseUrl, { exact: true }).fill(models.baseUrl);
    await writer.getByLabel(ANSWER_MODEL_TEXTS.model, { exact: true }).fill('test-model-7b');
    await writer.getByLabel(ANSWER_MODEL_TEXTS.apiKey, { exact: true }).fill('sk-writer-test');
    await writer.getByRole('button', { name: ANSWER_MODEL_TEXTS.test }).click();
    await expect(writer.getByRole('status')).toContainText(/^Answered in \d+ ms: I can answer your customers\.$/);
    expect(models.received.at(-1)).toMatchObject({ url: '/v1/chat/completions', authorization: 'Bearer sk-writer-test' });

    // A refused key says so.
    models.behave({ kind: 'status', status: 401 });
    await writer.getByRole('button', { name: ANSWER_MODEL_TEXTS.test }).click();
    await expect(writer.getByRole('status')).toContainText(/^Failed after \d+ ms: The LLM server answered 401 Unauthorized\. Check the key\.$/);
    models.behave({ kind: 'stream', pieces: ['I can answer ', 'your customers.'] });
    // Back to the quotes before saving: the chat of the other tests keeps quoting.
    await writer.getByRole('radio', { name: ANSWER_MODEL_TEXTS.writerQuotes }).check();

    const embedder = part(page, ANSWER_MODEL_TEXTS.embedder);
    await embedder.getByRole('radio', { name: ANSWER_MODEL_TEXTS.embedderApi }).check();
    await embedder.getByLabel(ANSWER_MODEL_TEXTS.baseUrl, { exact: true }).fill('not a url');
    await card(page).getByRole('button', { name: ANSWER_MODEL_TEXTS.save }).click();
    await expect(card(page).getByRole('alert')).toHaveText('The base URL must be an http or https address.');
    await embedder.getByLabel(ANSWER_MODEL_TEXTS.baseUrl, { exact: true }).fill(models.baseUrl);
    await embedder.getByLabel(ANSWER_MODEL_TEXTS.model, { exact: true }).fill('embed-small');
    await embedder.getByLabel(ANSWER_MODEL_TEXTS.apiKey, { exact: true }).fill('sk-embedder-secret');
    await embedder.getByRole('button', { name: ANSWER_MODEL_TEXTS.test }).click();
    await expect(embedder.getByRole('status')).toContainText(/^Answered in \d+ ms: A vector of 4 numbers: /);
    await card(page).getByRole('button', { name: ANSWER_MODEL_TEXTS.save }).click();
    await expect(card(page).getByText(ANSWER_MODEL_TEXTS.saved)).toBeVisible();

    // After a reload: the key is saved, never shown (not in the box, not in the page, not in any answer).
    const answers: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/answer-models')) void response.text().then((text) => answers.push(text));
    });
    await page.reload();
    const savedEmbedder = part(page, ANSWER_MODEL_TEXTS.embedder);
    await expect(savedEmbedder.getByRole('radio', { name: ANSWER_MODEL_TEXTS.embedderApi })).toBeChecked();
    await expect(savedEmbedder.getByText(ANSWER_MODEL_TEXTS.keySaved)).toBeVisible();
    await expect(savedEmbedder.getByLabel(ANSWER_MODEL_TEXTS.newKey, { exact: true })).toHaveValue('');
    expect(await page.content()).not.toContain('sk-embedder-secret');
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    expect(answers.join('\n')).not.toContain('sk-embedder-secret');
    // The saved key serves a Test without being typed again.
    await savedEmbedder.getByRole('button', { name: ANSWER_MODEL_TEXTS.test }).click();
    await expect(savedEmbedder.getByRole('status')).toContainText(/^Answered in \d+ ms: /);
    expect(models.received.at(-1)).toMatchObject({ url: '/v1/embeddings', authorization: 'Bearer sk-embedder-secret' });
    await expectNoAccessibilityViolations(page);

    // Removing it, and back to the built-in embedder.
    await savedEmbedder.getByRole('checkbox', { name: ANSWER_MODEL_TEXTS.removeKey }).check();
    await card(page).getByRole('button', { name: ANSWER_MODEL_TEXTS.save }).click();
    await expect(savedEmbedder.getByText(ANSWER_MODEL_TEXTS.noKey)).toBeVisible();
    await savedEmbedder.getByRole('radio', { name: ANSWER_MODEL_TEXTS.embedderBuiltIn }).check();
    await card(page).getByRole('button', { name: ANSWER_MODEL_TEXTS.save }).click();
    await expect(card(page).getByText(ANSWER_MODEL_TEXTS.saved)).toBeVisible();
    await context.close();
  });
});

test('changing the embedder re-indexes the knowledge, with its progress on Documents until it is done', async ({ browser }) => {
  test.setTimeout(scaled(240_000));
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await signInOwn(page);
    const document = await addDocument(page, textUpload('care.txt', 'Care guide\n\nWash the teapot by hand in warm water. Never put it in the dishwasher.'), { title: 'Care guide' });
    expect((await settledDocument(page, document.id)).status).toBe('completed');

    // The embeddings API is down at first: the job says so on Documents, and tries again later.
    models.behave({ kind: 'status', status: 503 });
    await page.goto('/bot-settings');
    const embedder = card(page).getByRole('group', { name: ANSWER_MODEL_TEXTS.embedder });
    await embedder.getByRole('radio', { name: ANSWER_MODEL_TEXTS.embedderApi }).check();
    await expect(embedder.getByText(ANSWER_MODEL_TEXTS.embedderChange)).toBeVisible();
    await embedder.getByLabel(ANSWER_MODEL_TEXTS.baseUrl, { exact: true }).fill(models.baseUrl);
    await embedder.getByLabel(ANSWER_MODEL_TEXTS.model, { exact: true }).fill('embed-small');
    await card(page).getByRole('button', { name: ANSWER_MODEL_TEXTS.save }).click();
    await expect(card(page).getByText(ANSWER_MODEL_TEXTS.saved)).toBeVisible();

    await page.goto('/documents');
    await expect(banner(page)).toContainText(/^Re-indexing the knowledge for the new embedder: 0 of \d+ passages\./);
    await expect(banner(page)).toContainText(KNOWLEDGE_REINDEX_TEXTS.failed('').split(':')[0] ?? '', { timeout: scaled(30_000) });
    await expect(banner(page)).toContainText('503');
    // At 0 % the bar itself has no width: its numbers say where it is.
    await expect(page.getByRole('progressbar', { name: /^Re-indexing the knowledge/ })).toHaveAttribute('aria-valuetext', /^0 of [1-9]\d* passages$/);
    await expectNoAccessibilityViolations(page);

    // The API answers again: the retry embeds everything, the new embedder answers, and the banner goes.
    models.behave({ kind: 'stream', pieces: ['Hello.'] });
    await expect(banner(page)).toHaveCount(0, { timeout: scaled(150_000) });
    const sent = models.received.length;
    const answer = await page.request.post('/api/knowledge/search', { data: { query: 'Can the teapot go in the dishwasher?' } });
    expect(answer.status()).toBe(200);
    expect(models.received.slice(sent).map((request) => request.body)).toEqual([{ model: 'embed-small', input: ['Can the teapot go in the dishwasher?'] }]);
  } finally {
    await context.close();
  }
});

test("npm run reindex rebuilds the active embedder's vectors; Documents says so while a stopped run's rebuild waits for it", async ({ browser }) => {
  test.setTimeout(scaled(400_000));
  const rebuildBanner = (page: Page) => page.getByText(/^Rebuilding the knowledge's vectors \(npm run reindex\): /);
  // The embeddings API is down: the run stops while reading the documents again, and says how to go on.
  await server.stop();
  models.behave({ kind: 'status', status: 503 });
  const stopped = await runReindex();
  expect(stopped.code).toBe(1);
  expect(stopped.stderr).toContain('Run npm run reindex again: it goes on from where it stopped.');

  server = await startBuiltServer(environment());
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await signInOwn(page);
    await page.goto('/documents');
    await expect(rebuildBanner(page)).toContainText(
      /^Rebuilding the knowledge's vectors \(npm run reindex\): 0 of [1-9]\d* passages\. Answers come from the current vectors until it is done\.$/,
    );
    await expect(banner(page)).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
    // The current vectors answer meanwhile.
    models.behave({ kind: 'stream', pieces: ['Hello.'] });
    const answer = await page.request.post('/api/knowledge/search', { data: { query: 'Can the teapot go in the dishwasher?' } });
    expect(JSON.stringify(await answer.json())).toContain('Never put it in the dishwasher.');
  } finally {
    await context.close();
  }

  // Run again (server stopped): it goes on, switches, and the banner goes.
  await server.stop();
  const finished = await runReindex();
  expect(finished.code).toBe(0);
  expect(finished.stdout).toContain('Going on with the rebuild of generation');
  expect(finished.stdout).toMatch(/Generation \d+ of embed-small answers now; the previous vectors are deleted\./);
  server = await startBuiltServer(environment());
  const after = await browser.newContext({ baseURL: server.url });
  const again = await after.newPage();
  try {
    await signInOwn(again);
    const read = again.waitForResponse((response) => response.url().endsWith('/api/knowledge/reindex'));
    await again.goto('/documents');
    expect(await (await read).json()).toMatchObject({ data: { rows: [{ state: 'idle', rebuild: false }] } });
    await expect(rebuildBanner(again)).toHaveCount(0);
  } finally {
    await after.close();
  }
});
