import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHAT_TEXTS } from '@steward/contract/chat';
import { chatCall, firstRow } from '../../test/chat-test-support.ts';
import { addDocument } from '../../test/document-upload.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { scaled } from '../../test/slowdown.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A FAQ's table of contents, uploaded on its own: every line a numbered question, nothing that answers one.
const CONTENTS = [
  'Aurora Kettle FAQ',
  '',
  'Contents',
  '',
  '  o 1. Getting started',
  '      ? 1.1. How do I fill the Aurora Kettle for the first time?',
  '      ? 1.2. How do I pair the Aurora Kettle with the app?',
  '  o 2. Firmware',
  '      ? 2.1. How do I upgrade the Aurora Kettle firmware?',
  '      ? 2.2. Can I downgrade the Aurora Kettle firmware?',
  '  o 3. Cleaning',
  '      ? 3.1. How do I descale the Aurora Kettle?',
  '      ? 3.2. How often should the Aurora Kettle be descaled?',
].join('\n');

// The same FAQ's entry on descaling, uploaded apart: its words match the question less than the contents' line.
const DESCALING = ['3.1. Removing limescale', '', 'To descale the kettle, fill it with one part vinegar and two parts water, boil it, then rinse it twice.'].join('\n');

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  const { client: admin } = await testApp.signedInClient('admin');
  await addDocument(admin, { name: 'aurora-faq-contents.txt', bytes: CONTENTS, title: 'Aurora Kettle FAQ', sourceUrl: 'https://support.example.com/aurora-faq' });
  await addDocument(admin, { name: 'aurora-descaling.txt', bytes: DESCALING, title: 'Aurora Kettle care', sourceUrl: 'https://support.example.com/aurora-care' });
  await runAllJobs(testApp);
}, scaled(120_000));
afterAll(() => testApp.close());

it('does not know, rather than answering with a table of contents or with nothing but a source', async () => {
  const answer = firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'How do I upgrade the Aurora Kettle firmware?' }, origin: null }));
  expect(answer.answer_kind).toBe('unknown');
  expect(answer.answer).toContain(CHAT_TEXTS.dontKnow);
});

it('quotes a less relevant passage that says something when the most relevant one is only contents', async () => {
  const answer = firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message: 'How do I descale the Aurora Kettle?' }, origin: null }));
  expect(answer.answer_kind).toBe('extractive');
  expect(answer.answer).toContain('fill it with one part vinegar and two parts water');
});
