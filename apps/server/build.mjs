// Bundles the server into dist/main.js, and its worker threads into dist/*-worker.js: our own code
// (and the contract package) inline, npm dependencies left as imports so their native and wasm files
// load as published.
// The bundle remembers which dashboard build it was made with, so it refuses to serve a missing or stale one.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const dependenciesOf = (manifestPath) =>
  Object.keys(JSON.parse(readFileSync(new URL(manifestPath, import.meta.url), 'utf8')).dependencies ?? {});

const webIndex = new URL('../web/dist/index.html', import.meta.url);
if (!existsSync(webIndex)) {
  console.error('Build the dashboard first (npm run build builds both, the dashboard first): apps/web/dist/index.html is missing.');
  process.exit(1);
}
// The same fingerprint as webBuildId() in src/plugins/web-build.ts.
const webBuildId = createHash('sha256').update(readFileSync(webIndex)).digest('hex').slice(0, 16);

// The ingestion workers are entry points of their own beside main.js: src/ingest/start-worker.ts
// starts dist/<name>.js when STEWARD_BUNDLE says it runs from the bundle.
const source = (file) => new URL(`./src/${file}`, import.meta.url).pathname;
await build({
  entryPoints: {
    main: source('main.ts'),
    'pdf-worker': source('ingest/pdf/pdf-worker.ts'),
    'embedding-worker': source('ingest/embedders/embedding-worker.ts'),
    'html-worker': source('ingest/site/html-worker.ts'),
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  define: { STEWARD_WEB_BUILD_ID: JSON.stringify(webBuildId), STEWARD_BUNDLE: 'true' },
  external: [...dependenciesOf('./package.json'), ...dependenciesOf('../../packages/contract/package.json')],
  logLevel: 'warning',
});
// Data the server reads beside its own file (modules/knowledge/lexicon/*-of.ts).
for (const file of ['wordnet-synonyms.json', 'english-word-frequencies.json']) {
  copyFileSync(new URL(`./src/modules/knowledge/lexicon/${file}`, import.meta.url), new URL(`./dist/${file}`, import.meta.url));
}
