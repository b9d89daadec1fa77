import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Set by the server bundle (build.mjs) to the fingerprint of the dashboard build it was made with.
 * Undefined when the server runs from source (tests, `npm run dev`).
 */
declare const STEWARD_WEB_BUILD_ID: string | undefined;
const bundledWebBuildId = typeof STEWARD_WEB_BUILD_ID === 'string' ? STEWARD_WEB_BUILD_ID : undefined;

export class WebBuildError extends Error {}

/** apps/web/dist, found through the @steward/web package wherever this file runs from (src/ or the bundle). */
export function locateWebBuild(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@steward/web/package.json')), 'dist');
}

/** The build's fingerprint: index.html names every asset by content hash, so its hash names the whole build. */
export function webBuildId(webDistDir: string): string | undefined {
  try {
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- index.html of the dashboard build, a fixed path chosen at start-up
    return createHash('sha256').update(fs.readFileSync(path.join(webDistDir, 'index.html'))).digest('hex').slice(0, 16);
  } catch {
    return undefined;
  }
}

/**
 * The dashboard build the server will serve, checked before anything starts. The bundle refuses a
 * missing build, or one made after the server was bundled (a stale pairing); from source, a missing
 * build only means the API runs alone (the Vite dev server serves the dashboard then).
 */
export function requireWebBuild(webDistDir = locateWebBuild(), expectedId = bundledWebBuildId): string | null {
  const id = webBuildId(webDistDir);
  if (expectedId === undefined) return id === undefined ? null : webDistDir;
  if (id === undefined) {
    throw new WebBuildError(`the dashboard is not built (no ${path.join(webDistDir, 'index.html')}): run \`npm run build\`, or \`npm start\`, which builds first.`);
  }
  if (id !== expectedId) {
    throw new WebBuildError(`the dashboard build in ${webDistDir} does not match this server build: run \`npm run build\` to build both again.`);
  }
  return webDistDir;
}
