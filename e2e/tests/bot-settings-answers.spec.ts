import { ANSWER_MODEL_TEXTS } from '@steward/contract/answer-models';
import { type FakeLlmServer, startFakeLlmServer } from '@steward/server/test-support';
import type { Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, test } from '../support/fixtures.ts';

/**
 * Bot Settings' Answers card against a fake OpenAI-compatible server on loopback. The answer writer is only
 * tested here, never saved, so the chat of the tests running beside this one keeps quoting; the embedder is saved
 * (it is not applied to the knowledge yet) and put back to the built-in one at the end.
 */
let models: FakeLlmServer;
test.beforeAll(async () => {
  models = await startFakeLlmServer();
  models.behave({ kind: 'stream', pieces: ['I can answer ', 'your customers.'] });
});
test.afterAll(async () => {
  await models.close();
});

const card = (page: Page) => page.locator('form').filter({ has: page.getByRole('heading', { name: ANSWER_MODEL_TEXTS.title, exact: true }) });
const part = (page: Page, legend: string) => card(page).getByRole('group', { name: legend });

test.describe('Bot Settings: the Answers card', () => {
  test("tests a language model and shows its answer and time; saves an embeddings API's key and never shows it", async ({ page, signIn }) => {
    await signIn('admin');
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
  });

  test('is not shown to a viewer', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/bot-settings');
    await expect(page.getByRole('heading', { name: 'Bot Settings' })).toBeVisible();
    await expect(page.getByLabel('Bot Support Message Threshold')).toBeVisible();
    await expect(page.getByRole('heading', { name: ANSWER_MODEL_TEXTS.title, exact: true })).toHaveCount(0);
  });
});
