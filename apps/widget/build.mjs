// Bundles the chat widget into one minified IIFE, dist/widget.js, that any site loads with a <script> tag,
// and copies the /demo host page beside it (dist/demo/). The server serves both (plugins/widget-routes.ts).
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const here = (file) => new URL(file, import.meta.url).pathname;
rmSync(here('./dist'), { recursive: true, force: true });
mkdirSync(here('./dist'), { recursive: true });
await build({
  entryPoints: [here('./src/main.ts')],
  outfile: here('./dist/widget.js'),
  bundle: true,
  format: 'iife',
  platform: 'browser',
  // Host sites' visitors use any browser of the last few years.
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
cpSync(here('./demo'), here('./dist/demo'), { recursive: true });
