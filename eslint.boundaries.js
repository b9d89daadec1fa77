import fs from 'node:fs';
import importX from 'eslint-plugin-import-x';

/**
 * Imports go only downwards (docs/architecture.md, "Floors"), and never in a circle. import-x/no-restricted-paths
 * judges the file an import resolves to, not the text it is written as, so a relative import of another feature's
 * file is caught as surely as a path that names its folder. Proven by apps/server/src/test/import-boundaries.test.ts.
 */
const root = import.meta.dirname;
const folders = (dir) =>
  fs.existsSync(`${root}/${dir}`)
    ? fs
        .readdirSync(`${root}/${dir}`, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
// import-x resolves `target` and `from` against basePath but matches `except` as written: it must be absolute.
// Within one zone, `from` is all globs or all plain paths.
const FLOORS = 'docs/architecture.md, "Floors"';

const server = 'apps/server/src';
/** Ground: the database, the queue, mail, ingestion, helpers and the configuration. */
const GROUND = [`${server}/{lib,db,mail,ingest,jobs}/**`, `${server}/{config,start-up-error}.ts`];
/** Modules' repositories, actions, presenters and jobs; bot/ and chat/ are entry points, like routes. */
const MODULES = `${server}/modules/!(bot|chat)/**/!(*.routes|*.upload).ts`;
/** Entry points: the HTTP plugins, the routes and uploads, bot/ and chat/, and what they are handed. */
const ENTRY = [`${server}/{app-context.ts,plugins/**}`, `${server}/modules/**/*.{routes,upload}.ts`, `${server}/modules/{bot,chat}/**`];
/** The job worker: every queue's handler, the clean-up. */
const WORKER = [`${server}/worker/**`];
/** The app and its start: buildApp, main, start-up and its failures, the first administrator, the command-line tools. */
const APP = [`${server}/{app,main,start-server,start-up-failure}.ts`, `${server}/{cli,setup}/**`];
/** Tests, their harness and the bench's and browser tests' entries into the server. */
const TOOLS = [`${server}/test/**`, `${server}/**/*.test.ts`, `${server}/{test-support,knowledge-internals}.ts`];

const MODULES_BORDERS = 'docs/architecture.md, "Modules and their borders"';
/**
 * What a module may import of another: its verbs and its tables' reads and writes, and the shared services: the
 * audit log, the knowledge store (the store, its search, a passage's section before it, the question's terms and
 * the options it types, indexing into it) and answer making.
 * Globs all (`except` must be, since `from` is).
 */
const SHARED = [
  'modules/*/*.{actions,repository}.ts',
  'modules/{audit-log/record-audit,knowledge/{knowledge-store,knowledge-search,question-terms,named-options,knowledge-indexing,section-opening},answers/answer-question}.ts',
].map((path) => `${root}/${server}/${path}`);
const serverZones = [
  { target: GROUND, from: [`${server}/modules/**`, ...ENTRY, ...WORKER, ...APP, ...TOOLS], message: `The ground floor imports nothing above it (${FLOORS}).` },
  { target: MODULES, from: [...ENTRY, ...WORKER, ...APP, ...TOOLS], message: `A module imports no routes, plugins, bot/, chat/, worker or app: the caller hands in what it needs (${FLOORS}).` },
  { target: ENTRY, from: [...WORKER, ...APP, ...TOOLS], message: `Entry points import no worker, app or start-up (${FLOORS}).` },
  { target: WORKER, from: [...APP, ...TOOLS], message: `The worker imports no app or start-up: they start it (${FLOORS}).` },
  { target: APP, from: TOOLS, message: `The product imports no test or tool (${FLOORS}).` },
  { target: `${server}/modules/auth/**`, from: `${server}/modules/user-accounts/**`, message: 'Staff administration (user-accounts) calls identity (auth), never the other way.' },
  {
    target: [`${server}/!(db)/**`, `${server}/*.ts`],
    from: `${server}/db/migrations/**`,
    message: `Only db/ imports a migration: a shipped one never changes, so live code shares with it through literals pinned by db/migration-pins.test.ts (${FLOORS}).`,
  },
  // A module's routes, presenters, counters, queue names and rate limits are its own.
  ...folders(`${server}/modules`).map((name) => ({
    target: `${server}/modules/${name}/**`,
    from: `${server}/modules/**`,
    except: [`${root}/${server}/modules/${name}/**`, ...SHARED],
    message: `A module uses another's actions, repositories and the shared services (audit log, knowledge store, answers), nothing else of it (${MODULES_BORDERS}).`,
  })),
];

const web = 'apps/web/src';
const webZones = [
  { target: `${web}/{components,lib}/**`, from: `${web}/{features,layout,app}/**`, message: 'Shared code imports no feature, shell or screen.' },
  { target: `${web}/features/**`, from: `${web}/{layout,app}/**`, message: 'Features import no shell or screen: layout and app/routes compose them.' },
  ...folders(`${web}/features`).map((name) => ({
    target: `${web}/features/${name}/**`,
    from: `${web}/features/**`,
    except: [`${root}/${web}/features/${name}/**`],
    message: 'Features do not import each other; compose them in app/routes.',
  })),
];

const packageZones = [
  {
    target: ['bench/**', 'e2e/**'],
    from: 'apps/server/**',
    // What the package's two entries resolve to.
    except: [`${root}/${server}/{test-support,knowledge-internals}.ts`],
    message: 'Import the server through @steward/server/test-support or @steward/server/knowledge-internals.',
  },
  { target: 'apps/widget/**', from: 'apps/{web,server}/**', message: 'The widget loads nothing of the dashboard or the server.' },
  { target: 'apps/web/**', from: 'apps/{server,widget}/**', message: 'The dashboard talks to the server through the contract and HTTP.' },
  { target: 'apps/server/**', from: 'apps/{web,widget}/**', message: 'The server serves the built dashboard and widget, it imports neither.' },
  { target: 'packages/contract/**', from: '{apps,bench,e2e}/**', message: 'The contract depends on nothing of ours.' },
];

export const boundariesBlock = {
  files: ['**/*.{ts,tsx}'],
  // A test may import what it tests from any floor.
  ignores: ['**/*.test.{ts,tsx}', 'apps/*/src/test/**'],
  plugins: { 'import-x': importX },
  // no-cycle reads the files an import leads to: ours, not the packages'.
  settings: { 'import-x/extensions': ['.ts', '.tsx'], 'import-x/ignore': ['node_modules'] },
  rules: {
    'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...serverZones, ...webZones, ...packageZones] }],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};
