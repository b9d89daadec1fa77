import { expect, type Page } from '@playwright/test';

/** Dialogs a page opened: a payload that ran `alert` shows up here. */
export interface ScriptWatch {
  dialogs: string[];
}

export function watchForScripts(page: Page): ScriptWatch {
  const watch: ScriptWatch = { dialogs: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return watch;
}

/** No payload of support/script-payloads.ts ran, and none left an element that could run later. */
export async function expectNothingRan(page: Page, watch: ScriptWatch): Promise<void> {
  await page.waitForLoadState('networkidle');
  const state = await page.evaluate(() => {
    const record = window as unknown as { __xss?: string };
    const main = document.querySelector('main');
    return {
      flag: record.__xss ?? null,
      javascriptLinks: document.querySelectorAll('[href^="javascript:" i], [src^="javascript:" i]').length,
      handlers: document.querySelectorAll('[onerror], [onload], [onclick]').length,
      scripts: main?.querySelectorAll('script').length ?? -1,
      frames: main?.querySelectorAll('iframe').length ?? -1,
      svgs: main?.querySelectorAll('svg:not([aria-hidden="true"])').length ?? -1,
    };
  });
  expect(state).toEqual({ flag: null, javascriptLinks: 0, handlers: 0, scripts: 0, frames: 0, svgs: 0 });
  expect(watch.dialogs).toEqual([]);
}
