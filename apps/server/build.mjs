// Bundles the server into dist/main.js: our own code (and the contract package) inline,
// npm dependencies left as imports so their native and wasm files load as published.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const dependenciesOf = (manifestPath) =>
  Object.keys(JSON.parse(readFileSync(new URL(manifestPath, import.meta.url), 'utf8')).dependencies ?? {});
await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...dependenciesOf('./package.json'), ...dependenciesOf('../../packages/contract/package.json')],
  logLevel: 'warning',
});
