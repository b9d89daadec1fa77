// The fingerprint of what `npm run build` reads, for scripts/build-if-changed.mjs (and its test).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What `npm run build` reads: the three apps, the contract, and the installed versions. */
export const BUILD_INPUTS = ['apps/web', 'apps/widget', 'apps/server', 'packages/contract', 'package-lock.json'];
export const BUILD_OUTPUTS = ['apps/web/dist/index.html', 'apps/widget/dist/widget.js', 'apps/server/dist/main.js'];
/** Where the fingerprint of the last build is kept: beside the server's bundle. */
export const BUILD_STAMP = 'apps/server/dist/build-inputs.sha256';
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', '.vite']);

function filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => filesUnder(root, path.join(relative, entry.name)));
}

/** The SHA-256 of every input file's path and contents, in path order. */
export function sourcesFingerprint(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesUnder(root, input)).sort()) {
    hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** The build in `root` was made from these sources: every output is there and the stamp matches. */
export function buildIsUpToDate(root, fingerprint) {
  const stamp = path.join(root, BUILD_STAMP);
  return BUILD_OUTPUTS.every((output) => existsSync(path.join(root, output))) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === fingerprint;
}
