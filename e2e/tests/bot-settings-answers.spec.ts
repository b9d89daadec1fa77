import { ANSWER_MODEL_TEXTS } from '@steward/contract/answer-models';
import { expect, test } from '../support/fixtures.ts';

/**
 * Bot Settings' Answers card on the shared server: who sees it. What it saves and tests is in
 * embedder-reindex.spec.ts, on a server of its own (saving an embedder re-indexes the knowledge).
 */

test.describe('Bot Settings: the Answers card', () => {
  test('is not shown to a viewer', async ({ page, signIn }) => {
    await signIn('viewer');
    await page.goto('/bot-settings');
    await expect(page.getByRole('heading', { name: 'Bot Settings' })).toBeVisible();
    await expect(page.getByLabel('Bot Support Message Threshold')).toBeVisible();
    await expect(page.getByRole('heading', { name: ANSWER_MODEL_TEXTS.title, exact: true })).toHaveCount(0);
  });
});
