import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathsOutsideRepository, scannedFiles } from './paths-outside-repository.ts';
import { REPOSITORY_ROOT } from './test-data.ts';

const ROOT = '/repo';
const found = (file: string, source: string): string[] => pathsOutsideRepository(ROOT, file, source).map((place) => place.text);

describe('pathsOutsideRepository', () => {
  it('finds a folder beside the repository, however it is reached', () => {
    expect(found('apps/server/src/test/x.ts', "path.join(repositoryRoot, '..', 'shared', 'testdata')")).toHaveLength(2);
    expect(found('e2e/support/x.ts', "path.join(REPOSITORY_ROOT, '..', 'fixtures')")).toEqual(["REPOSITORY_ROOT, '..'"]);
    expect(found('bench/src/x.ts', "path.resolve(import.meta.dirname, '..', '..', '..', 'data')")).toHaveLength(1);
    expect(found('bench/src/x.ts', "path.resolve(import.meta.dirname, '../../../data')")).toHaveLength(2);
    expect(found('e2e/tests/x.ts', "import { a } from '../../../outside/a.ts';")).toHaveLength(1);
    expect(found('scripts/x.sh', 'cd "$(dirname "$0")/../.."')).toHaveLength(1);
  });

  it('leaves paths inside the repository alone', () => {
    expect(found('apps/server/src/test/x.ts', "path.resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..')")).toEqual([]);
    expect(found('bench/src/x.ts', "path.resolve(import.meta.dirname, '../../docs/operations.md')")).toEqual([]);
    expect(found('e2e/tests/x.ts', "import { a } from '../../apps/server/src/db/client.ts';")).toEqual([]);
    expect(found('scripts/x.sh', 'cd "$(dirname "$0")/.."')).toEqual([]);
    expect(found('apps/server/src/test/x.ts', "path.join(REPOSITORY_ROOT, 'test-data', 'pdf')")).toEqual([]);
  });
});

describe('the repository', () => {
  it('reads its code, scripts and configuration', () => {
    const files = scannedFiles(REPOSITORY_ROOT);
    expect(files).toContain(path.join('.ci', 'run'));
    expect(files).toContain(path.join('apps', 'server', 'src', 'main.ts'));
    expect(files.length).toBeGreaterThan(500);
  });

  it('refers to no path outside itself, so a clone alone runs every test, the bench, the demo and the evaluation', () => {
    // This file's examples reach outside on purpose.
    const examples = path.relative(REPOSITORY_ROOT, import.meta.filename);
    const places = scannedFiles(REPOSITORY_ROOT)
      .filter((file) => file !== examples)
      .flatMap((file) =>
      pathsOutsideRepository(REPOSITORY_ROOT, file, fs.readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8')),
    );
    expect(places).toEqual([]);
  });
});
