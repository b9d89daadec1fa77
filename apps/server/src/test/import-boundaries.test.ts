import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from './test-data.ts';

const eslint = new ESLint({ cwd: REPOSITORY_ROOT });

/** The boundary and cycle errors `npm run lint` would report for `source` saved at `file`. */
async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${REPOSITORY_ROOT}/${file}` });
  return (result?.messages ?? []).filter((message) => message.ruleId?.startsWith('import-x/')).map((message) => message.message);
}

const importing = (from: string): string => `import * as imported from '${from}';\nexport const used = imported;\n`;

describe('the import boundaries and cycles (eslint.boundaries.js)', () => {
  it('stop a web feature importing another, by a relative path too', async () => {
    expect(await boundaryErrors('apps/web/src/features/audit-log/components/x.tsx', importing('../../statistics/api/get-statistics.ts'))).toEqual([
      expect.stringContaining('Features do not import each other'),
    ]);
    expect(await boundaryErrors('apps/web/src/features/audit-log/components/x.tsx', importing('../api/get-audit-log-page.ts'))).toEqual([]);
    expect(await boundaryErrors('apps/web/src/lib/x.ts', importing('../features/history/api/get-history-page.ts'))).toEqual([
      expect.stringContaining('Shared code imports no feature'),
    ]);
  });

  it("hold the server's floors", async () => {
    const floorErrors = async (file: string, from: string): Promise<number> => (await boundaryErrors(`apps/server/src/${file}`, importing(from))).length;
    expect(await floorErrors('db/migrations/9999-x.ts', '../../modules/history/history.counters.ts')).toBe(1);
    expect(await floorErrors('jobs/x.ts', '../worker/job-handlers.ts')).toBe(1);
    expect(await floorErrors('modules/history/x.ts', '../../plugins/access.ts')).toBe(1);
    expect(await floorErrors('modules/history/x.ts', '../../app-context.ts')).toBe(1);
    // An entry point's file is another module's internals too: two rules broken.
    expect(await floorErrors('modules/history/x.ts', '../chat/chat-stream.ts')).toBe(2);
    expect(await floorErrors('modules/history/x.routes.ts', '../feedback/feedback.routes.ts')).toBe(1);
    expect(await floorErrors('modules/auth/x.ts', '../user-accounts/user-accounts.repository.ts')).toBe(1);
    expect(await floorErrors('plugins/x.ts', '../worker/job-handlers.ts')).toBe(1);
    expect(await floorErrors('worker/x.ts', '../start-server.ts')).toBe(1);
    expect(await floorErrors('start-server.ts', './test/test-app.ts')).toBe(1);
    // Downwards is the way.
    expect(await floorErrors('modules/history/x.routes.ts', '../../plugins/access.ts')).toBe(0);
    expect(await floorErrors('modules/user-accounts/x.ts', '../auth/users.repository.ts')).toBe(0);
    expect(await floorErrors('worker/x.ts', '../modules/history/history.actions.ts')).toBe(0);
  });

  it('let a module use another only through its actions, repositories and the shared services', async () => {
    const errors = (file: string, from: string) => boundaryErrors(`apps/server/src/modules/${file}`, importing(from));
    const border = [expect.stringContaining("A module uses another's actions, repositories and the shared services")];
    // A presenter, a rate limit, a job and its queue, counters, routes: another module's internals.
    expect(await errors('help-requests/x.ts', '../history/history.presenter.ts')).toEqual(border);
    expect(await errors('user-accounts/x.routes.ts', '../auth/account-rate-limits.ts')).toEqual(border);
    expect(await errors('documents/x.ts', '../knowledge/knowledge-windows-job.ts')).toEqual(border);
    expect(await errors('feedback/x.ts', '../history/history.counters.ts')).toEqual(border);
    expect(await errors('chat/x.routes.ts', '../bot/bot.routes.ts')).toEqual(border);
    // Actions, repositories, the audit log, the knowledge store and answer making are shared; a module's own files are its own.
    expect(await errors('help-requests/x.routes.ts', '../history/history.actions.ts')).toEqual([]);
    expect(await errors('personal-data/x.ts', '../history/history.repository.ts')).toEqual([]);
    expect(await errors('bot-settings/x.ts', '../audit-log/record-audit.ts')).toEqual([]);
    expect(await errors('documents/x.ts', '../knowledge/knowledge-indexing.ts')).toEqual([]);
    expect(await errors('insights/x.ts', '../answers/answer-question.ts')).toEqual([]);
    expect(await errors('history/x.ts', './history.counters.ts')).toEqual([]);
    // Known exceptions of today, privacy's alone (eslint.boundaries.js): other modules' counters and a queue name.
    expect(await errors('privacy/x.ts', '../history/history.counters.ts')).toEqual([]);
    expect(await errors('privacy/x.ts', '../help-requests/help-request-created.ts')).toEqual([]);
    expect(await errors('privacy/x.ts', '../history/history.presenter.ts')).toEqual(border);
  });

  it('keep shipped migrations out of live code', async () => {
    const migrationErrors = async (file: string, from: string): Promise<string[]> => boundaryErrors(`apps/server/src/${file}`, importing(from));
    const onlyDb = [expect.stringContaining('Only db/ imports a migration')];
    expect(await migrationErrors('lib/x.ts', '../db/migrations/2610-list-triage.ts')).toEqual(onlyDb);
    expect(await migrationErrors('modules/history/x.ts', '../../db/migrations/1300-list-page-functions.ts')).toEqual(onlyDb);
    expect(await migrationErrors('start-server.ts', './db/migrations/all-migrations.ts')).toEqual(onlyDb);
    expect(await migrationErrors('db/x.ts', './migrations/all-migrations.ts')).toEqual([]);
  });

  it('find a circle of imports', async () => {
    // history.actions.ts imports history.counters.ts.
    expect(await boundaryErrors('apps/server/src/modules/history/history.counters.ts', importing('./history.actions.ts'))).toEqual([
      expect.stringContaining('Dependency cycle'),
    ]);
  });

  it('let the bench and the browser tests into the server only through its package', async () => {
    expect(await boundaryErrors('bench/src/x.ts', importing('../../apps/server/src/db/client.ts'))).toHaveLength(1);
    expect(await boundaryErrors('e2e/support/x.ts', importing('@steward/server/test-support'))).toEqual([]);
  });
});
