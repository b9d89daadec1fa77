import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script of the repository, without types
import { BUILD_OUTPUTS, BUILD_STAMP, buildIsUpToDate, sourcesFingerprint } from '../../scripts/build-inputs.mjs';

let root: string;
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

describe('npm run demo rebuilds only a changed build (scripts/build-if-changed.mjs)', () => {
  it('finds the build up to date until a source changes or an output goes missing', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'steward-build-inputs-'));
    write('apps/web/src/main.tsx', 'one');
    write('apps/web/node_modules/ignored.js', 'not a source');
    write('packages/contract/src/paging.ts', 'two');
    for (const output of BUILD_OUTPUTS as string[]) write(output, 'built');
    const fingerprint = sourcesFingerprint(root) as string;
    write(BUILD_STAMP as string, `${fingerprint}\n`);
    expect(buildIsUpToDate(root, fingerprint)).toBe(true);

    // Installed packages and build outputs are not sources.
    write('apps/web/node_modules/ignored.js', 'changed');
    write('apps/web/dist/index.html', 'rebuilt');
    expect(sourcesFingerprint(root)).toBe(fingerprint);

    write('apps/web/src/main.tsx', 'one, edited');
    expect(buildIsUpToDate(root, sourcesFingerprint(root))).toBe(false);

    fs.rmSync(path.join(root, 'apps/widget/dist/widget.js'));
    expect(buildIsUpToDate(root, fingerprint)).toBe(false);
  });
});
