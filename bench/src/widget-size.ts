import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The chat widget's budget: a site's visitors download it on every site that embeds it. */
export const WIDGET_GZIP_TARGET_BYTES = 30 * 1024;

export const WIDGET_SCRIPT = path.resolve(import.meta.dirname, '..', '..', 'apps', 'widget', 'dist', 'widget.js');

export interface WidgetSize {
  minifiedBytes: number;
  gzipBytes: number;
}

/** The built widget's size, minified and gzipped (level 9, as a server or CDN compresses it at best). */
export function measureWidgetSize(script = WIDGET_SCRIPT): WidgetSize {
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first.`);
  const bytes = fs.readFileSync(script);
  return { minifiedBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The bench report's line for the widget, with the target met (✓) or not (✗). */
export function widgetSizeMarkdown(size: WidgetSize): string {
  const met = size.gzipBytes <= WIDGET_GZIP_TARGET_BYTES ? '✓' : '✗';
  return `Chat widget (apps/widget/dist/widget.js): ${kilobytes(size.minifiedBytes)} minified, ${kilobytes(size.gzipBytes)} gzip (target ≤ ${kilobytes(WIDGET_GZIP_TARGET_BYTES)} gzip ${met}).`;
}
