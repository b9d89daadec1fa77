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
    expect(await floorErrors('modules/history/x.ts', '../chat/chat-stream.ts')).toBe(1);
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
