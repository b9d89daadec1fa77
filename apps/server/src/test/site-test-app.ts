import { afterAll, beforeAll } from 'vitest';
import type { ApiClient } from './api-client.ts';
import { hashedWordsEmbedder } from './hashed-words-embedder.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { startTestSite, type TestSite } from './test-site-server.ts';

export interface SiteSuite {
  app: TestApp;
  site: TestSite;
  admin: ApiClient;
  viewer: ApiClient;
  /** The app's embedder (hashed words), counting what it is given. */
  embedder: typeof hashedWordsEmbedder;
  /** Texts the embedder was given (set it to 0 before what is counted): a crawl embeds only pages that changed. */
  embeddedTexts: number;
}

/**
 * A test file's app that crawls the served test site (loopback allowed through the test switch, no delay of its
 * own beyond robots.txt's), with an administrator and a viewer signed in, made before the file's tests and closed
 * after them. Read its fields inside the tests: they are set by then.
 */
export function siteTestApp(): SiteSuite {
  const suite = { embeddedTexts: 0 } as SiteSuite;
  suite.embedder = {
    ...hashedWordsEmbedder,
    embed: (texts, options) => {
      suite.embeddedTexts += texts.length;
      return hashedWordsEmbedder.embed(texts, options);
    },
  };
  beforeAll(async () => {
    suite.site = await startTestSite();
    suite.app = await createTestApp({ ALLOW_PRIVATE_URLS: 'true', SITE_CRAWL_DELAY_MS: '0' }, { embedder: suite.embedder });
    ({ client: suite.admin } = await suite.app.signedInClient('admin', { name: 'Ada Admin' }));
    ({ client: suite.viewer } = await suite.app.signedInClient('viewer'));
  });
  afterAll(async () => {
    await suite.app.close();
    await suite.site.close();
  });
  return suite;
}
