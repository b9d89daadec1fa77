import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real-world files in shared/testdata, which sits beside the repository (CI clones
 * the repository with shared/ next to it). STEWARD_TESTDATA_DIR overrides the place.
 * Missing files fail the test run rather than skipping tests silently.
 */
export function sharedTestdataDir(): string {
  const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
  const dir = process.env.STEWARD_TESTDATA_DIR ?? path.join(repositoryRoot, '..', 'shared', 'testdata');
  if (!fs.existsSync(dir)) {
    throw new Error(`The shared test data is not at ${dir}: put shared/ beside the repository or set STEWARD_TESTDATA_DIR.`);
  }
  return dir;
}
