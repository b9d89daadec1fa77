import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, E2E_BASE_URL } from '../support/e2e-constants.ts';
import { expect, test } from '../support/fixtures.ts';
import { scaled } from '../support/slowdown.ts';

/**
 * Lighthouse's accessibility category (its own audits, beyond axe) on the login and home screens, in
 * both themes and in Lighthouse's phone and desktop emulation: every score must be 100.
 */
interface AuditOutcome {
  score: number | null;
  failures: string[];
  /** Where Lighthouse ended up: a lost session would audit the login screen instead. */
  finalUrl: string;
  /** How many audits passed: a page that rendered nothing passes few. */
  passed: number;
}

async function accessibilityAudit(url: string, formFactor: 'mobile' | 'desktop', cookie?: string): Promise<AuditOutcome> {
  // chrome-launcher polls for the browser every 500 ms, 50 times by default; Lighthouse waits 45 s for a load.
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
    maxConnectionRetries: Math.ceil(scaled(25_000) / 500),
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['accessibility'],
      maxWaitForFcp: scaled(30_000),
      maxWaitForLoad: scaled(45_000),
      formFactor,
      screenEmulation: formFactor === 'desktop' ? { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false } : undefined,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
    const { lhr } = result;
    const category = lhr.categories.accessibility;
    const failures = (category?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
      .map((audit) => `${audit?.id}: ${audit?.title}`);
    const passed = (category?.auditRefs ?? []).filter((ref) => lhr.audits[ref.id]?.score === 1).length;
    return { score: category?.score ?? null, failures, finalUrl: lhr.finalDisplayedUrl, passed };
  } finally {
    chrome.kill();
  }
}

for (const formFactor of ['mobile', 'desktop'] as const) {
  test(`Lighthouse accessibility is 100 on the login screen (${formFactor})`, async () => {
    test.slow(); // a Chromium of its own and a full Lighthouse run
    // The login screen is the route `/` (spec section 2); `/login` is no screen, and answers 404.
    const outcome = await accessibilityAudit(`${E2E_BASE_URL}/`, formFactor);
    expect(outcome.finalUrl).toBe(`${E2E_BASE_URL}/`);
    expect(outcome.passed).toBeGreaterThan(5);
    expect(outcome.failures).toEqual([]);
    expect(outcome.score).toBe(1);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`Lighthouse accessibility is 100 on the home screen (${formFactor}, ${theme} theme)`, async ({ page, signIn }) => {
      test.slow();
      const user = await signIn('admin');
      await page.request.post('/api/user/change-theme', { data: { id: user.id, theme } });
      const cookies = await page.context().cookies(E2E_BASE_URL);
      const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
      const outcome = await accessibilityAudit(`${E2E_BASE_URL}/home`, formFactor, cookie);
      expect(outcome.finalUrl).toBe(`${E2E_BASE_URL}/home`);
      expect(outcome.passed).toBeGreaterThan(5);
      expect(outcome.failures).toEqual([]);
      expect(outcome.score).toBe(1);
    });
  }
}
