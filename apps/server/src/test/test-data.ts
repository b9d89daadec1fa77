import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (this file is apps/server/src/test/test-data.ts). */
export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

/**
 * A file or folder of the repository's real-world test data (`test-data/`, its origins and licences in
 * test-data/README.md). A missing one fails the test run rather than skipping tests silently.
 */
export function testDataPath(...segments: string[]): string {
  const file = path.join(REPOSITORY_ROOT, 'test-data', ...segments);
  if (!fs.existsSync(file)) throw new Error(`The test data ${file} is missing from the repository.`);
  return file;
}
