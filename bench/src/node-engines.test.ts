import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm install` on each Node.js the project supports prints no engine warning (issue 58): every package of
 * package-lock.json accepts the lowest version of each major that the root package.json's `engines` allows,
 * and the README's "Node.js … is required." line says what `engines` says.
 */

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

/** The lowest version of each alternative of a range: `^20.19.0 || ^22.13.0 || ^24.0.0` → 20.19.0, 22.13.0, 24.0.0. */
function lowestOfEachMajor(range: string): string[] {
  return new semver.Range(range).set.map((comparators) => {
    const lowest = semver.minVersion(new semver.Range(comparators.map((comparator) => comparator.value).join(' ')));
    if (!lowest) throw new Error(`no lowest version in "${range}"`);
    return lowest.version;
  });
}

/** What a lock entry says of Node: `engines.node`, or the old array form `["node >= 0.8"]`. */
function nodeRangeOf(engines: unknown): string | undefined {
  if (Array.isArray(engines)) {
    const entry = engines.find((item): item is string => typeof item === 'string' && item.startsWith('node'));
    return entry?.slice('node'.length).trim();
  }
  if (engines && typeof engines === 'object' && 'node' in engines && typeof engines.node === 'string') return engines.node;
  return undefined;
}

interface LockFile {
  packages: Record<string, { version?: string; engines?: unknown }>;
}

/** Each locked package whose `engines.node` refuses one of the versions, as "path@version needs range (not v)". */
function packagesRefusing(lock: LockFile, versions: readonly string[]): string[] {
  const refusals: string[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    const range = nodeRangeOf(entry.engines);
    if (location === '' || range === undefined) continue;
    for (const version of versions) {
      if (!semver.satisfies(version, range)) refusals.push(`${location}@${entry.version ?? '?'} needs node ${range} (not ${version})`);
    }
  }
  return refusals;
}

/** The README's words for a range: `^20.19.0 || ^22.13.0 || ^24.0.0` → "Node.js 20.19+, 22.13+ or 24". */
function readmeNodeLine(range: string): string {
  const names = lowestOfEachMajor(range).map((version) => {
    const { major, minor, patch } = new semver.SemVer(version);
    if (minor === 0 && patch === 0) return String(major);
    return patch === 0 ? `${major}.${minor}+` : `${version}+`;
  });
  const last = names.pop();
  return `Node.js ${names.length > 0 ? `${names.join(', ')} or ${last}` : last} is required.`;
}

const engines = (readJson('package.json') as { engines: { node: string } }).engines.node;

describe('the Node.js versions the project supports', () => {
  it('reads the lowest version of each major from the root engines', () => {
    expect(lowestOfEachMajor('^20.19.0 || ^22.13.0 || ^24.0.0')).toEqual(['20.19.0', '22.13.0', '24.0.0']);
    expect(lowestOfEachMajor('>=20.19.0 <21 || >=22.12')).toEqual(['20.19.0', '22.12.0']);
  });

  it('finds a package whose engines refuse one of them, in either form of the lock', () => {
    const lock: LockFile = {
      packages: {
        '': { engines: { node: '>=99' } },
        'node_modules/fine': { version: '1.0.0', engines: { node: '>=18' } },
        'node_modules/no-engines': { version: '1.0.0' },
        'node_modules/sanitize-html': { version: '2.18.1', engines: { node: '>=22.12.0' } },
        'node_modules/old-style': { version: '0.1.0', engines: ['node >= 21'] },
      },
    };
    expect(packagesRefusing(lock, ['20.19.0', '22.13.0', '24.0.0'])).toEqual([
      'node_modules/sanitize-html@2.18.1 needs node >=22.12.0 (not 20.19.0)',
      'node_modules/old-style@0.1.0 needs node >= 21 (not 20.19.0)',
    ]);
  });

  it('every package of package-lock.json installs without an engine warning on each of them', () => {
    const lock = readJson('package-lock.json') as LockFile;
    expect(Object.keys(lock.packages).length).toBeGreaterThan(100);
    expect(packagesRefusing(lock, lowestOfEachMajor(engines))).toEqual([]);
  });

  it('the README says the same versions as engines', () => {
    expect(readmeNodeLine('^20.19.0 || ^22.13.0 || ^24.0.0')).toBe('Node.js 20.19+, 22.13+ or 24 is required.');
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(readmeNodeLine(engines));
  });
});
