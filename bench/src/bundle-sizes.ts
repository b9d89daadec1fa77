/**
 * The bundle rows of issue 15's table: the gzip size of the JavaScript the dashboard's login route loads
 * first, against a bare React 19 + React Router app (bench/bare-react) built here with the dashboard's own
 * Vite config; and the chat widget's size (apps/widget/dist/widget.js), when it is built.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type UserConfig } from 'vite';
import webViteConfig from '../../apps/web/vite.config.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
export const DASHBOARD_DIST = path.join(repositoryRoot, 'apps/web/dist');
export const WIDGET_FILE = path.join(repositoryRoot, 'apps/widget/dist/widget.js');
const BARE_APP_ROOT = path.join(repositoryRoot, 'bench/bare-react');

/** The same level for every file measured, so the ratio compares like with like. */
export const gzipBytes = (bytes: Uint8Array): number => zlib.gzipSync(bytes, { level: 9 }).byteLength;

/**
 * The scripts a page's HTML makes the browser fetch before anything renders: every `<script src>`
 * (the module entry and classic scripts such as the theme script) and every `<link rel="modulepreload">`.
 * Answers the paths as written, once each, in document order.
 */
export function firstLoadScripts(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)?.slice(2).find((value) => value !== undefined);
    const source = tag.toLowerCase().startsWith('<script') ? attribute('src') : attribute('rel')?.toLowerCase() === 'modulepreload' ? attribute('href') : undefined;
    if (source && !found.includes(source)) found.push(source);
  }
  return found;
}

/** The gzip bytes of a built app's first-load scripts (read from its dist directory), summed. */
export function firstLoadGzipBytes(distDir: string): { bytes: number; files: { file: string; gzipBytes: number }[] } {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) throw new Error(`${indexFile} is missing: build the app first (npm run build).`);
  const files = firstLoadScripts(fs.readFileSync(indexFile, 'utf8')).map((source) => {
    const file = path.join(distDir, new URL(source, 'http://app.invalid/').pathname);
    return { file: path.relative(distDir, file), gzipBytes: gzipBytes(fs.readFileSync(file)) };
  });
  return { bytes: files.reduce((sum, file) => sum + file.gzipBytes, 0), files };
}

/** Builds bench/bare-react with the dashboard's Vite config (its plugins and build options) into a temporary dir. */
export async function buildBareApp(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-bench-bare-react-'));
  const config = webViteConfig as UserConfig;
  await build({
    ...config,
    configFile: false,
    root: BARE_APP_ROOT,
    logLevel: 'warn',
    build: { ...config.build, outDir, emptyOutDir: true },
  });
  return outDir;
}

export interface FirstLoadResults {
  dashboard: ReturnType<typeof firstLoadGzipBytes>;
  bare: ReturnType<typeof firstLoadGzipBytes>;
}

export async function measureFirstLoad(): Promise<FirstLoadResults> {
  const dashboard = firstLoadGzipBytes(DASHBOARD_DIST);
  const bareDir = await buildBareApp();
  try {
    return { dashboard, bare: firstLoadGzipBytes(bareDir) };
  } finally {
    fs.rmSync(bareDir, { recursive: true, force: true });
  }
}

/** widget.js gzipped, or null while apps/widget is not built. */
export const widgetGzipBytes = (): number | null => (fs.existsSync(WIDGET_FILE) ? gzipBytes(fs.readFileSync(WIDGET_FILE)) : null);

export function firstLoadMarkdown(results: FirstLoadResults): string {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  return [
    '### First-load JavaScript of the login route (gzip level 9)',
    '',
    '| app | file | gzip |',
    '|---|---|---:|',
    ...results.dashboard.files.map((file) => `| dashboard (apps/web/dist) | ${file.file} | ${kB(file.gzipBytes)} |`),
    `| **dashboard** | **total** | **${kB(results.dashboard.bytes)}** |`,
    ...results.bare.files.map((file) => `| bare React 19 + React Router (bench/bare-react) | ${file.file} | ${kB(file.gzipBytes)} |`),
    `| **bare app** | **total** | **${kB(results.bare.bytes)}** |`,
  ].join('\n');
}
