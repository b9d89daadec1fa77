import fs from 'node:fs';
import path from 'node:path';

/** What the scan reads: code, scripts and configuration, not data or build output. */
const SCANNED = /\.(ts|tsx|mts|cts|js|mjs|cjs|sh|json|ya?ml)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'data', 'data-demo', '.bench-data', 'test-results', 'playwright-report', '.tmp', 'test-data']);
const SKIPPED_FILES = new Set(['package-lock.json']);

/** A place in a file that refers to a path outside the repository. */
export interface OutsidePath {
  file: string;
  line: number;
  text: string;
}

/** Every file the scan reads, relative to the root (the CI script `.ci/run` has no extension and is read too). */
export function scannedFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(full);
      } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name) && (SCANNED.test(entry.name) || path.relative(root, full) === path.join('.ci', 'run'))) {
        found.push(path.relative(root, full));
      }
    }
  };
  walk(root);
  return found.sort();
}

const STRING = String.raw`(?:'([^'\n]*)'|"([^"\n]*)"|\x60([^\x60$\n]*)\x60)`;
/** A base that names the file's own folder, then the string arguments joined to it. */
const FROM_OWN_DIR = new RegExp(
  String.raw`(?:import\.meta\.dirname|__dirname|dirname\(fileURLToPath\(import\.meta\.url\)\)|\$\(dirname "\$0"\))\s*(?:,\s*|/)((?:${STRING}\s*,?\s*)+|[^\s"';)]+)`,
  'g',
);
/** A name for the repository's root, then `..`: always outside. */
const ABOVE_ROOT = /\b\w*(?:ROOT|Root|root)\w*\s*,\s*['"]\.\.['"]/g;
/** A relative literal such as '../../x' (an import or a path), resolved from the file's folder. */
const RELATIVE_LITERAL = /['"`]((?:\.\.\/)+[^'"`\s]*)['"`]/g;
/** The old way the shared test data was found: named outright. */
const NAMED_SIBLING = /shared\/testdata|['"]shared['"]\s*,\s*['"]testdata['"]/g;

function segmentsOf(argumentText: string): string[] {
  const segments: string[] = [];
  for (const match of argumentText.matchAll(new RegExp(STRING, 'g'))) segments.push(match[1] ?? match[2] ?? match[3] ?? '');
  return segments.length > 0 ? segments : [argumentText];
}

const lineOf = (source: string, index: number): number => source.slice(0, index).split('\n').length;
const outside = (root: string, target: string): boolean => {
  const relative = path.relative(root, target);
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
};

/** The places in one file's text that reach outside `root`; `file` is the file's path relative to the root. */
export function pathsOutsideRepository(root: string, file: string, source: string): OutsidePath[] {
  const dir = path.dirname(path.join(root, file));
  const found: OutsidePath[] = [];
  const report = (index: number, text: string): void => {
    found.push({ file, line: lineOf(source, index), text: text.trim() });
  };
  for (const match of source.matchAll(FROM_OWN_DIR)) {
    if (outside(root, path.resolve(dir, ...segmentsOf(match[1] ?? '')))) report(match.index, match[0]);
  }
  for (const match of source.matchAll(ABOVE_ROOT)) report(match.index, match[0]);
  for (const match of source.matchAll(RELATIVE_LITERAL)) {
    if (outside(root, path.resolve(dir, match[1] ?? ''))) report(match.index, match[0]);
  }
  for (const match of source.matchAll(NAMED_SIBLING)) report(match.index, match[0]);
  return found;
}
