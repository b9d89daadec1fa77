import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureWidgetSize, WIDGET_GZIP_TARGET_BYTES, widgetSizeMarkdown } from './widget-size.ts';

describe('the widget size line', () => {
  it('measures a script minified and gzipped', () => {
    const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'steward-widget-size-')), 'widget.js');
    fs.writeFileSync(script, 'a'.repeat(10_000));
    const size = measureWidgetSize(script);
    expect(size.minifiedBytes).toBe(10_000);
    expect(size.gzipBytes).toBeGreaterThan(0);
    expect(size.gzipBytes).toBeLessThan(200);
    expect(() => measureWidgetSize(path.join(os.tmpdir(), 'no-such-widget.js'))).toThrow(/run `npm run build` first/);
  });

  it('says whether the gzip target is met', () => {
    expect(widgetSizeMarkdown({ minifiedBytes: 26_112, gzipBytes: 9_830 })).toBe(
      'Chat widget (apps/widget/dist/widget.js): 25.5 kB minified, 9.6 kB gzip (target ≤ 30.0 kB gzip ✓).',
    );
    expect(widgetSizeMarkdown({ minifiedBytes: 90_000, gzipBytes: WIDGET_GZIP_TARGET_BYTES + 1 })).toMatch(/gzip ✗\)\.$/);
  });
});
