import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { WebBuildError } from './web-build.ts';

/** Set to true by the server bundle (build.mjs); undefined when the server runs from source. */
declare const STEWARD_BUNDLE: boolean | undefined;
const runsFromBundle = typeof STEWARD_BUNDLE !== 'undefined' && STEWARD_BUNDLE;

/** The chat widget's build, read once at start: the script and the /demo host page. */
export interface WidgetBuild {
  script: Buffer;
  /** A strong validator of the script, for If-None-Match. */
  scriptEtag: string;
  demoHtml: Buffer;
  demoCss: Buffer;
}

/** apps/widget/dist, found through the @steward/widget package wherever this file runs from. */
export function locateWidgetBuild(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@steward/widget/package.json')), 'dist');
}

/**
 * Reads the widget build. The bundle refuses to start without it (as without the dashboard); from
 * source (API tests, `npm run dev`) a missing build only means /widget.js and /demo answer 404.
 */
export function requireWidgetBuild(widgetDistDir?: string, required = runsFromBundle): WidgetBuild | null {
  let dir = widgetDistDir ?? 'apps/widget/dist';
  try {
    dir = widgetDistDir ?? locateWidgetBuild();
    // eslint-disable-next-line security/detect-non-literal-fs-filename -- the widget build's files, a fixed path chosen at start-up
    const script = fs.readFileSync(path.join(dir, 'widget.js'));
    return {
      script,
      scriptEtag: `"${createHash('sha256').update(script).digest('base64url').slice(0, 22)}"`,
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- the widget build's files, a fixed path chosen at start-up
      demoHtml: fs.readFileSync(path.join(dir, 'demo', 'index.html')),
      // eslint-disable-next-line security/detect-non-literal-fs-filename -- the widget build's files, a fixed path chosen at start-up
      demoCss: fs.readFileSync(path.join(dir, 'demo', 'demo.css')),
    };
  } catch {
    if (!required) return null;
    throw new WebBuildError(`the chat widget is not built (no ${path.join(dir, 'widget.js')}): run \`npm run build\`, or \`npm start\`, which builds first.`);
  }
}
