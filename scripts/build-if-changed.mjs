// `npm run demo` runs this instead of `npm run build`: it builds only when a source of the build changed
// since the last build it made (or a build output is missing), so a second `npm run demo` starts at once.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_STAMP, buildIsUpToDate, sourcesFingerprint } from './build-inputs.mjs';

const root = path.resolve(import.meta.dirname, '..');
const fingerprint = sourcesFingerprint(root);
if (buildIsUpToDate(root, fingerprint)) {
  console.log('The build is up to date: not rebuilding (scripts/build-if-changed.mjs).');
} else {
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(path.join(root, BUILD_STAMP), `${fingerprint}\n`);
}
