import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCall, firstRow } from '../../test/chat-test-support.ts';
import { addDocument } from '../../test/document-upload.ts';
import { runAllJobs } from '../../test/run-jobs.ts';
import { scaled } from '../../test/slowdown.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// A build guide set as Node.js's BUILDING.md is: each way of building has a short section per platform, a command
// each, under the same titles ("Unix/macOS", "Windows") from one way to the next. Then an API reference's section,
// as Node.js's path.md sets one: its parameters, its description, its examples.
const GUIDE = [
  '# Building Zebrafold',
  '',
  '## Building with a small ICU',
  '',
  'This builds in English data only, which keeps the binary small.',
  '',
  '### Unix/macOS',
  '',
  '```bash',
  './configure --with-intl=small-icu',
  '```',
  '',
  '### Windows',
  '',
  '```powershell',
  '.\\vcbuild small-icu',
  '```',
  '',
  '## Building without Intl support',
  '',
  'The `Intl` object will not be available, nor some other APIs such as `String.normalize`.',
  '',
  '### Unix/macOS',
  '',
  '```bash',
  './configure --without-intl',
  '```',
  '',
  '### Windows',
  '',
  '```powershell',
  '.\\vcbuild without-intl',
  '```',
  '',
  '# Zebrafold API',
  '',
  '## `zebra.normalize(path)`',
  '',
  '* `path` {string}',
  '* Returns: {string}',
  '',
  "The `zebra.normalize()` method normalizes the given path, resolving `'..'` and `'.'` segments.",
  '',
  'On Windows:',
  '',
  '```js',
  "zebra.normalize('C:\\\\temp\\\\\\\\foo\\\\bar\\\\..\\\\');",
  "// Returns: 'C:\\\\temp\\\\foo\\\\'",
  '```',
  '',
  'Since Windows recognizes several path separators, zebra.normalize replaces both by the Windows separator.',
  '',
].join('\n');

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  const { client: admin } = await testApp.signedInClient('admin');
  await addDocument(admin, { name: 'zebrafold-building.txt', bytes: GUIDE, title: 'Building Zebrafold', sourceUrl: 'https://docs.example.com/building' });
  await runAllJobs(testApp);
}, scaled(120_000));
afterAll(() => testApp.close());

const ask = async (message: string) => firstRow(await chatCall(testApp, 'POST', '/api/chat/ask', { body: { message }, origin: null }));

describe('variants of one answer, asked in the chat', () => {
  it('are quoted together, each after its platform, and cited once by the section they are variants of', async () => {
    const answer = await ask('How do I build Zebrafold without Intl support?');
    expect(answer.answer_kind).toBe('extractive');
    const html = String(answer.answer);
    expect(html).toMatch(/Unix\/macOS:[\s\S]*\.\/configure --without-intl[\s\S]*Windows:[\s\S]*\.\\vcbuild without-intl/);
    expect(html).not.toContain('small-icu');
    expect(html.match(/<cite>/g)).toHaveLength(1);
    expect(html).toMatch(/<cite><a href="https:\/\/docs\.example\.com\/building"[^>]*>Building Zebrafold<\/a> \(Building without Intl support\)<\/cite>/);
  });

  it('are not when the question names the platform: Windows’ command alone', async () => {
    const html = String((await ask('How do I build Zebrafold without Intl support on Windows?')).answer);
    expect(html).toContain('.\\vcbuild without-intl');
    expect(html).not.toContain('./configure');
  });
});

describe('a question that asks what the section found first is or does, asked in the chat', () => {
  it('is answered by the section’s description, not the example that names it most (fails before: the Windows example)', async () => {
    const html = String((await ask('What does zebra.normalize do?')).answer);
    expect(html).toMatch(/^<p>The <code>zebra\.normalize\(\)<\/code> method normalizes the given path/);
    expect(html).not.toContain('Since Windows');
  });
});
